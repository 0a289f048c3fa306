// Row ids are UUIDs, compared in one canonical form: lower case. The database's uuid type already
// ignores case, but ids are also compared in code (is this my own account?), so every id that comes in
// is lower-cased as it is parsed. Any 8-4-4-4-12 hex string is accepted, whatever its version digit:
// what the OpenAPI document's `format: uuid` allows and the database's uuid type stores.
import { z } from './zod.ts';

export const idSchema = z.guid({ message: 'Malformed id' }).toLowerCase();

export const idParam = z.object({ id: idSchema });
