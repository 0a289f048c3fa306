// The plain-text body of an admin's reply to an enquiry: built here so that the server's mail and the
// admin's preview in the reply dialog are the same text. One greeting only: when the admin's reply already
// opens with one ("Dear Ravi,", "Hi Ravi"), the template adds none of its own.

export interface ReplyText {
  /** The enquirer's name, their message and when they sent it. */
  name: string;
  original: string;
  sentAt: Date;
  /** The admin's answer and their name, and the company that signs. */
  reply: string;
  author: string;
  company: string;
}

const GREETING = /^\s*(dear|hello|hi|hey|good (morning|afternoon|evening)|greetings)\b/i;

/** Whether the reply opens with its own greeting. */
export const opensWithGreeting = (reply: string) => GREETING.test(reply);

/** Every character that starts a new line somewhere: CR, LF, VT, FF, NEL and the Unicode separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * The name as the greeting shows it: its first line that is not blank, trimmed. The name is typed by
 * whoever sent the enquiry; a line break in it would let a stranger write lines of the company's mail.
 */
export const greetingName = (name: string) =>
  name
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .find((line) => line !== '') ?? '';

/** The greeting the template adds before the reply, or none. */
export function replyGreeting(r: Pick<ReplyText, 'name' | 'reply'>): string | null {
  if (opensWithGreeting(r.reply)) return null;
  const name = greetingName(r.name);
  return name ? `Hello ${name},` : 'Hello,';
}

export function replyText(r: ReplyText): string {
  const greeting = replyGreeting(r);
  const quoted = r.original
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return `${greeting ? `${greeting}\n\n` : ''}${r.reply}\n\n${r.author}\n${r.company}\n\nOn ${r.sentAt.toUTCString()} you wrote:\n${quoted}\n`;
}
