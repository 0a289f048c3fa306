// POST /api/form/contact: store the enquiry, then notify the company through the durable outbox.
// Sent with the bearer token of a live session, the enquiry is linked to that account (its owner sees
// it on the dashboard); without one, or with one that is not or no longer valid, it is stored unlinked:
// a stale token must never cost a visitor their message.
import { randomUUID } from 'node:crypto';
import { toLocale } from '../../i18n/locales.ts';
import { LIMITS } from '../../lib/constants.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { contactBody } from '../../lib/schemas/contact.ts';
import type { Deps } from '../core/context.ts';
import { findSession } from '../auth/sessions.ts';
import { enquiries } from '../db/schema.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { bearerToken } from '../auth/guard.ts';
import { enqueueMail, type OutboxWorker } from '../mail/outbox.ts';
import { enquiryNotification } from '../mail/templates.ts';
import { errors, jsonBody, ok, publicRoute, router } from '../auth/route-factories.ts';

const contact = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/',
  tags: ['contact'],
  maxBodyBytes: LIMITS.contactBodyBytes,
  request: { body: jsonBody(contactBody) },
  responses: { 201: ok(messageSchema, 'Enquiry stored'), ...errors(400, 429, 503) },
});

export function contactRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();

  app.openapi(contact, async (c) => {
    const { website, ...fields } = c.req.valid('json');
    const ip = clientKey(c, deps.config.trustProxy);
    await deps.limiter.consume([
      [RULES.contactPerIp, ip],
      [RULES.contactPerIpHour, ip],
    ]);
    const reply = c.json({ success: true as const, message: 'Message sent successfully!' }, 201);
    // The honeypot: a field people never see. A bot that fills it gets the same answer and is dropped.
    if (website) return reply;
    const token = bearerToken(c);
    const sender = token ? await findSession(deps, token) : undefined;
    const now = deps.now();
    // The language of the page it was sent from (the site's client says it in Accept-Language): a reply
    // to a sender without an account is written in it.
    const locale = toLocale(c.req.header('accept-language'));
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(enquiries)
        .values({ id: randomUUID(), ...fields, userId: sender?.user.id ?? null, locale, createdAt: now });
      if (deps.config.contactNotifyEmail) {
        const mail = enquiryNotification(deps.mail.company, fields);
        await enqueueMail(tx, now, { to: deps.config.contactNotifyEmail, ...mail });
      }
    });
    if (deps.config.contactNotifyEmail) void outbox.kick();
    return reply;
  });

  return app;
}
