// A database that cannot be reached at start, told in one line that names DATABASE_URL and shows where it
// points (host, port, database; the password masked), instead of the driver's stack trace.
import { ConfigError } from '../../config/config.ts';
import { explainTlsError } from './tls.ts';

/** DATABASE_URL as it may be printed: its password replaced, its query dropped. */
export function maskedDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '****';
  url.search = '';
  return url.href;
}

// Why PostgreSQL or the network refused, in the terms of the part of DATABASE_URL to check.
function reason(err: { code?: string; message?: string }, url: URL): string | undefined {
  const host = url.hostname;
  const port = url.port || '5432';
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  switch (err.code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${host}:${port} (is PostgreSQL running, and are the host and port right?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host ${host} is unknown`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host}:${port} cannot be reached (${err.code})`;
    case '3D000':
      return `the database "${database}" does not exist on ${host}:${port}`;
    case '28P01':
      return `the password for user "${decodeURIComponent(url.username)}" was refused`;
    case '28000':
      return `the server refused the connection (${err.message})`;
  }
  if (err.message?.includes('timeout')) return `${host}:${port} did not answer in time`;
  return undefined;
}

/** The error to stop with: a ConfigError naming DATABASE_URL when the cause is known, else the original. */
export function explainConnectError(err: unknown, databaseUrl: string): unknown {
  const tls = explainTlsError(err);
  if (tls !== err) return tls;
  const why = reason(err as { code?: string; message?: string }, new URL(databaseUrl));
  return why
    ? new ConfigError(`Cannot open the database in DATABASE_URL (${maskedDatabaseUrl(databaseUrl)}): ${why}.`)
    : err;
}
