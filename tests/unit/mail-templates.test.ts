// The HTML of the mails escapes what people typed, and only that: a name with an apostrophe reads as typed.
import { describe, expect, it } from 'vitest';
import { enquiryReply } from '../../src/server/mail/templates.ts';

describe('enquiryReply', () => {
  const mail = enquiryReply('Acme & Co', {
    name: "Seán O'Brien",
    original: 'Is <b>bold</b> allowed?',
    sentAt: new Date('2026-01-02T03:04:05Z'),
    reply: 'Yes: 5 > 4 & "quotes" too.',
    author: 'Asha',
  });

  it('escapes the typed text for HTML', () => {
    expect(mail.html).toContain('Hello Seán O&#39;Brien,');
    expect(mail.html).toContain('Yes: 5 &gt; 4 &amp; &quot;quotes&quot; too.');
    expect(mail.html).toContain('Is &lt;b&gt;bold&lt;/b&gt; allowed?');
    expect(mail.html).toContain('Acme &amp; Co');
    expect(mail.html).not.toContain('<b>bold');
    expect(mail.html).not.toMatch(/%[0-9A-F]{2}/);
  });

  it('keeps the plain-text part as typed', () => {
    expect(mail.text).toContain("Hello Seán O'Brien,");
    expect(mail.text).toContain('> Is <b>bold</b> allowed?');
  });
});

describe('enquiryReply greets once', () => {
  const base = { name: 'Ravi Kumar', original: 'Hi', sentAt: new Date('2026-01-02T03:04:05Z'), author: 'Asha' };

  it('adds its greeting when the reply has none', () => {
    const mail = enquiryReply('Acme', { ...base, reply: 'Yes, we can.' });
    expect(mail.text.startsWith('Hello Ravi Kumar,\n\nYes, we can.')).toBe(true);
    expect(mail.html).toContain('<p>Hello Ravi Kumar,</p>');
  });

  it("adds none when the reply opens with its own ('Dear Ravi,')", () => {
    const mail = enquiryReply('Acme', { ...base, reply: 'Dear Ravi,\n\nYes, we can.' });
    expect(mail.text.startsWith('Dear Ravi,\n\nYes, we can.')).toBe(true);
    expect(mail.text).not.toContain('Hello');
    expect(mail.html).not.toContain('Hello');
  });
});
