// `npm run db:generate` writes a new migration after a change to the schema; the server applies them at start.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
});
