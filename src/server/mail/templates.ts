// Plain-text and HTML versions of every mail the API sends.
import type { CodePurpose } from '../db/schema.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function layout(company: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(company)}</h1>
${bodyHtml}
<p style="color:#666;font-size:12px;margin-top:32px">${escapeHtml(company)}</p>
</body></html>`;
}

const CODE_WORDING: Record<CodePurpose, { subject: string; intro: string }> = {
  'verify-email': { subject: 'Verify your e-mail address', intro: 'Use this code to verify your e-mail address:' },
  'reset-password': { subject: 'Reset your password', intro: 'Use this code to reset your password:' },
};

export function codeMail(company: string, purpose: CodePurpose, code: string, minutes: number): MailContent {
  const { subject, intro } = CODE_WORDING[purpose];
  const outro = `The code expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`;
  return {
    subject: `${subject} – ${company}`,
    text: `${company}\n\n${intro}\n\n${code}\n\n${outro}\n`,
    html: layout(
      company,
      `<p>${intro}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p><p>${outro}</p>`,
    ),
  };
}

export interface EnquiryFields {
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
}

export function enquiryNotification(company: string, e: EnquiryFields): MailContent {
  const fields: Array<[string, string]> = [
    ['Name', e.name],
    ['E-mail', e.email],
    ['Phone', e.phoneNumber],
  ];
  return {
    subject: `New enquiry from ${e.name} – ${company}`,
    text: `A new enquiry arrived through the website of ${company}.\n\n${fields
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}\n\n${e.message}\n`,
    html: layout(
      company,
      `<p>A new enquiry arrived through the website.</p><table>${fields
        .map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table><p style="white-space:pre-wrap">${escapeHtml(e.message)}</p>`,
    ),
  };
}
