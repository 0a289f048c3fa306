// The Netlify Functions on PostgreSQL, called as Netlify calls them. A function is frozen once it has
// answered, so mail sent after the reply must be handed to context.waitUntil: the tests hold the SMTP
// server's answer to show that the promises given to waitUntil cover the delivery, and that once they
// settle the mail has arrived. The scheduled function delivers what the outbox holds.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsViews, outbox } from '../../src/server/db/schema.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { freshDatabaseUrl, freshIp } from '../helpers/api.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const NOTIFY = 'hello@agency.example';
let smtp: SmtpCatcher;
let handler: typeof import('../../netlify/functions/api.ts').default;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  Object.assign(process.env, {
    DATABASE_URL: (await freshDatabaseUrl())!,
    SMTP_URL: smtp.url,
    CONTACT_NOTIFY_EMAIL: NOTIFY,
    LOG_LEVEL: 'silent',
  });
  // The function keeps its API in module state: a fresh module reads this file's DATABASE_URL (a worker
  // keeps modules between files).
  vi.resetModules();
  handler = (await import('../../netlify/functions/api.ts')).default;
});
afterAll(async () => {
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'CONTACT_NOTIFY_EMAIL']) delete process.env[name];
  await smtp.close();
});

/** A Netlify context whose waitUntil keeps what it is given. */
function netlifyContext() {
  const handed: Promise<unknown>[] = [];
  return { handed, context: { ip: freshIp(), waitUntil: (work: Promise<unknown>) => void handed.push(work) } };
}

const post = (path: string, body: unknown, context: Parameters<typeof handler>[1]) =>
  handler(
    new Request(`https://site.example/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    context,
  );

/** 'settled' if the promises settle while the SMTP server still holds the mail; 'waiting' if they do not. */
async function settlesWhileHeld(work: Promise<unknown>[]): Promise<'settled' | 'waiting'> {
  return Promise.race([
    Promise.all(work).then(() => 'settled' as const),
    new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 500)),
  ]);
}

describe('netlify/functions/api on PostgreSQL', () => {
  it('serves /api/* with the platform client address', async () => {
    const { context } = netlifyContext();
    const health = await handler(new Request('https://site.example/api/health'), context);
    expect(await health.json()).toEqual({ status: 'ok', db: 'up' });
    const user = await handler(new Request('https://site.example/api/v1/auth/user'), context);
    expect(user.status).toBe(401);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });

  it('a reset code mailed after the reply is delivered through context.waitUntil', async () => {
    const email = `netlify-reset-${Date.now()}@example.com`;
    const signup = await post(
      '/v1/auth/signup',
      { name: 'Netlify Reset', email, password: 'netlify-reset-pw-1' },
      netlifyContext().context,
    );
    expect(signup.status).toBe(201);

    const { handed, context } = netlifyContext();
    smtp.hold();
    try {
      const res = await post('/v1/auth/reset-otp', { email }, context);
      expect(res.status).toBe(200);
      expect(handed.length).toBeGreaterThan(0);
      expect(await settlesWhileHeld(handed)).toBe('waiting');
    } finally {
      smtp.release();
    }
    await Promise.all(handed);
    const mail = smtp.messages.find((m) => m.to === email);
    expect(mail?.subject).toBeTruthy();
    expect(extractCode(mail!.text)).toMatch(/^\d{6}$/);
  });

  it('the enquiry notification sent after the reply is delivered through context.waitUntil', async () => {
    const { handed, context } = netlifyContext();
    const message = `Netlify enquiry ${Date.now()}`;
    smtp.hold();
    try {
      const res = await post(
        '/form/contact',
        { name: 'Netlify Visitor', email: 'visitor@example.com', phoneNumber: '+91 80 1234 5678', message },
        context,
      );
      expect(res.status).toBe(201);
      expect(handed.length).toBeGreaterThan(0);
      expect(await settlesWhileHeld(handed)).toBe('waiting');
    } finally {
      smtp.release();
    }
    await Promise.all(handed);
    expect(smtp.messages.find((m) => m.to === NOTIFY && m.text.includes(message))).toBeDefined();
  });

  it('a page view is written before the answer, since a frozen function could not write a batch later', async () => {
    // A page of the site (the build's list, when there is one, holds it); the campaign tells this view apart.
    const campaign = `netlify-view-${Date.now()}`;
    const res = await handler(
      new Request('https://site.example/api/v1/analytics/view', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
        },
        body: JSON.stringify({ path: `/?utm_campaign=${campaign}` }),
      }),
      netlifyContext().context,
    );
    expect(res.status).toBe(202);
    const { getApi } = await import('../../netlify/lib/api.ts');
    const { db } = await getApi();
    expect(
      await db
        .select({ path: analyticsViews.path })
        .from(analyticsViews)
        .where(eq(analyticsViews.utmCampaign, campaign)),
    ).toEqual([{ path: '/' }]);
  });
});

describe('netlify/functions/outbox', () => {
  it('delivers a pending outbox row when the schedule calls it', async () => {
    const { getApi } = await import('../../netlify/lib/api.ts');
    const { default: drainOutbox } = await import('../../netlify/functions/outbox.ts');
    const { db } = await getApi();
    const to = `scheduled-${Date.now()}@example.com`;
    await enqueueMail(db, new Date(), {
      to,
      subject: 'Queued while nobody visited',
      text: 'Delivered by the schedule.\n',
      html: '<p>Delivered by the schedule.</p>',
    });
    const [before] = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(before?.sentAt).toBeNull();

    const res = await drainOutbox();
    expect(res.status).toBe(204);
    expect(smtp.messages.find((m) => m.to === to)?.subject).toBe('Queued while nobody visited');
    const [after] = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(after?.sentAt).toBeInstanceOf(Date);
    expect(after?.attempts).toBe(1);
  });
});
