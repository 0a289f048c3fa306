// The answers every API call shares: the one error shape, and the plain { success, message }.
import { z } from './zod.ts';

/** One failed field: `path` is the field's path joined with dots (e.g. 'email'). */
export const issueSchema = z.object({ path: z.string(), message: z.string() });

export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  issues: z.array(issueSchema).optional(),
  /** True when the call needs a step-up first: the code of POST /api/v1/account/code {purpose: 'add-factor'}. */
  stepUp: z.literal(true).optional(),
  /** True when the call needs a code of the authenticator app or a recovery code sent with it, as `code`. */
  twoFactorRequired: z.literal(true).optional(),
});

export const messageSchema = z.object({ success: z.literal(true), message: z.string() });

export type Issue = z.infer<typeof issueSchema>;
export type ErrorBody = z.infer<typeof errorSchema>;
export type MessageBody = z.infer<typeof messageSchema>;
