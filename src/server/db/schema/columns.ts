// Column builders every table shares. Times are written by the app (its injectable clock), not by now().
import { timestamp } from 'drizzle-orm/pg-core';

export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
