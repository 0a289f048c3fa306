// The API of one Netlify Function container: built on the first call, reused while the container stays
// warm. PostgreSQL is required (a function has no lasting disk for PGlite), and nothing polls the mail
// outbox: a function is frozen between requests, so the scheduled function (functions/outbox.ts) drains it.
import { createApi, type Api } from '../../src/server/app.ts';
import { loadConfig } from '../../src/config/config.ts';

let api: Promise<Api> | undefined;

export function getApi(): Promise<Api> {
  api ??= (async () => {
    // Netlify hands the function its variables; there are no .env files to read.
    const config = loadConfig();
    if (!config.databaseUrl)
      throw new Error('DATABASE_URL is not set: the Netlify Function needs a PostgreSQL server.');
    // Page views are written before the answer: a batch waiting in a frozen function could be lost.
    return createApi(config, { pollOutbox: false, writeThrough: true, executionContext: true });
  })();
  // A failed start (database down, bad settings) is tried again by the next call.
  api.catch(() => (api = undefined));
  return api;
}
