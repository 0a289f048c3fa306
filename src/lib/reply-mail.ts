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

/** The greeting the template adds before the reply, or none. */
export const replyGreeting = (r: Pick<ReplyText, 'name' | 'reply'>) =>
  opensWithGreeting(r.reply) ? null : `Hello ${r.name},`;

export function replyText(r: ReplyText): string {
  const greeting = replyGreeting(r);
  const quoted = r.original
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return `${greeting ? `${greeting}\n\n` : ''}${r.reply}\n\n${r.author}\n${r.company}\n\nOn ${r.sentAt.toUTCString()} you wrote:\n${quoted}\n`;
}
