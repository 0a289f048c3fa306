// The plain-text body of an admin's reply to an enquiry: built here so that the server's mail and the
// admin's preview in the reply dialog are the same text. One greeting only: when the admin's reply already
// opens with one ("Dear Ravi,", "Hi Ravi", "नमस्ते रवि जी"), the template adds none of its own.
// The template's own words come in the reader's language from the server (its mail catalog); the admin's
// preview, without one, shows the English wording.
import { fill, type Translate } from '../i18n/translate.ts';

/** The template's words and its date: the reader's language. Only types and `fill`: no catalog is bundled. */
export interface ReplyWording {
  t: Translate;
  /** When the enquiry was sent, as the line above the quote shows it. */
  time: (when: Date) => string;
}

const ENGLISH: ReplyWording = { t: fill, time: (when) => when.toUTCString() };

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

const GREETING =
  /^\s*((dear|hello|hi|hey|good (morning|afternoon|evening)|greetings)\b|(नमस्ते|नमस्कार|प्रिय)(?=[\s,!.।]|$))/i;

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
export function replyGreeting(r: Pick<ReplyText, 'name' | 'reply'>, wording: ReplyWording = ENGLISH): string | null {
  if (opensWithGreeting(r.reply)) return null;
  const name = greetingName(r.name);
  return name ? wording.t('Hello {name},', { name }) : wording.t('Hello,');
}

export function replyText(r: ReplyText, wording: ReplyWording = ENGLISH): string {
  const greeting = replyGreeting(r, wording);
  const quoted = r.original
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const wrote = wording.t('On {date} you wrote:', { date: wording.time(r.sentAt) });
  return `${greeting ? `${greeting}\n\n` : ''}${r.reply}\n\n${r.author}\n${r.company}\n\n${wrote}\n${quoted}\n`;
}
