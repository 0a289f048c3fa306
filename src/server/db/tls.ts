// How the connection to PostgreSQL is encrypted, from DATABASE_URL's sslmode and DATABASE_CA:
//   no sslmode, or disable   plain TCP (a server on the same machine or a private network)
//   require or verify-full   TLS; the certificate must chain to a trusted CA and name the host
//   verify-ca                the same without the host name check
//   no-verify                TLS without any check: encrypted, but the server is not authenticated
// Trusted CAs are the system's (the operating system's store and Node's bundle), or DATABASE_CA alone when
// it is set (PEM text or a file path; it also turns TLS on). node-postgres by itself would verify
// `require` against Node's bundle only, which fails for providers whose chain is not in it
// (docs/decisions/096-tls-to-postgresql.md).
import { readFileSync } from 'node:fs';
import tls, { type ConnectionOptions } from 'node:tls';
import { ConfigError } from '../../config/config.ts';

export interface PgConnection {
  /** DATABASE_URL without its ssl* parameters (node-postgres would let them override `ssl`). */
  connectionString: string;
  ssl: ConnectionOptions | false;
}

const readPem = (value: string, setting: string): string => {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${setting}: cannot read ${value} (${(err as Error).message})`);
  }
};

/** The system's trusted CAs: Node's bundle plus the operating system's store (and NODE_EXTRA_CA_CERTS). */
function systemCas(): string[] | undefined {
  if (typeof tls.getCACertificates !== 'function') return undefined;
  return [...new Set([...tls.getCACertificates('default'), ...tls.getCACertificates('system')])];
}

export function pgConnection(databaseUrl: string, databaseCa: string | undefined): PgConnection {
  const url = new URL(databaseUrl);
  const params = url.searchParams;
  const mode = params.get('sslmode') ?? (databaseCa ? 'verify-full' : 'disable');
  const rootCert = params.get('sslrootcert');
  const cert = params.get('sslcert');
  const key = params.get('sslkey');
  for (const name of [...params.keys()]) if (name.startsWith('ssl')) params.delete(name);
  const connectionString = url.href;
  if (mode === 'disable') return { connectionString, ssl: false };
  if (mode === 'no-verify') return { connectionString, ssl: { rejectUnauthorized: false } };
  const ca = databaseCa
    ? readPem(databaseCa, 'DATABASE_CA')
    : rootCert && rootCert !== 'system'
      ? readPem(rootCert, 'DATABASE_URL sslrootcert')
      : systemCas();
  return {
    connectionString,
    ssl: {
      rejectUnauthorized: true,
      ...(ca ? { ca } : {}),
      ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
      ...(cert ? { cert: readPem(cert, 'DATABASE_URL sslcert') } : {}),
      ...(key ? { key: readPem(key, 'DATABASE_URL sslkey') } : {}),
    },
  };
}

const UNVERIFIED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

/** A TLS failure at start, told in terms of the settings that fix it (or the error itself). */
export function explainTlsError(err: unknown): unknown {
  const { code, message } = err as { code?: string; message?: string };
  if (code && UNVERIFIED.has(code)) {
    // Node may append advice of its own ("; ... try --use-system-ca"): the system store is already used.
    return new ConfigError(
      `Could not verify the database server's TLS certificate (${message?.split(';')[0]}). Set DATABASE_CA to your provider's CA ` +
        'certificate (PEM text or a file path) to verify against it, or put sslmode=no-verify in DATABASE_URL to ' +
        'encrypt without verifying the server.',
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new ConfigError(
      `The database server's TLS certificate is not for the host in DATABASE_URL (${message}). Use the host name ` +
        'the certificate names, or put sslmode=verify-ca in DATABASE_URL to skip the host name check.',
    );
  }
  if (message === 'The server does not support SSL connections') {
    return new ConfigError(
      'The database server does not accept TLS: remove sslmode from DATABASE_URL (or set sslmode=disable).',
    );
  }
  if (code === '28000' && message?.includes('no encryption')) {
    return new ConfigError(
      `The database server requires TLS (${message}). Add sslmode=require to DATABASE_URL (and DATABASE_CA if your ` +
        "provider's certificate is not signed by a CA the system trusts).",
    );
  }
  return err;
}
