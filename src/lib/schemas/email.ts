// The one rule for an e-mail address, for the forms, the API's checks and the OpenAPI document alike:
// zod's address pattern (a dotted domain, so 'x@com' is refused), written into the document as `pattern`
// beside `format: email`, which alone would allow addresses the server refuses.
import { LIMITS } from '../constants.ts';
import { z } from './zod.ts';

export const emailField = (message: string) =>
  z.string({ message }).max(LIMITS.emailMax).regex(z.regexes.email, { message }).meta({ format: 'email' });
