// Row ids are UUIDs, compared in one canonical form: lower case. The database's uuid type already
// ignores case, but ids are also compared in code (is this my own account?), so every id that comes in
// is lower-cased as it is parsed.
import { z } from './zod.ts';

export const idSchema = z.uuid({ message: 'Malformed id' }).toLowerCase();

export const idParam = z.object({ id: idSchema });
