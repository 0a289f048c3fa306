// The one HTTP client of the islands, on the browser's fetch: the API base, the bearer token, the page's
// language, a time limit, no retries, and one error shape (docs/decisions/154-fetch-api-client.md).
import { TOKEN_KEY } from './constants.ts';
import { ApiError } from './api-error.ts';
import type { ErrorBody, MessageBody } from './schemas/api.ts';

const base = import.meta.env.PUBLIC_API_URL?.replace(/\/$/, '') ?? '';
/** How long a call may wait for its answer to begin (a download's body may take longer). */
const TIMEOUT_MS = 15_000;

/** The session token as stored, or null (none, or storage unavailable as in some private modes). */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

const NO_ANSWER = 'Could not reach the server';
const TOO_SLOW = 'The server took too long to answer';

/** A refused answer as an ApiError: our JSON error body's message and issues, else the status text. */
async function refused(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> | undefined;
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    // Not our JSON (a proxy's page, say): the status text says what there is to say.
  }
  const message = body?.message || res.statusText || 'Request failed';
  return new ApiError(res.status, message, body?.issues, body?.stepUp === true, body?.twoFactorRequired === true);
}

/**
 * One call, answered with a 2xx response or thrown as an ApiError: a refusal with the server's message,
 * no answer, or no answer begun within TIMEOUT_MS. The caller's `signal` stops it too.
 */
async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  opts: { json?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  // The page's language: the API writes mails for a new account or an enquiry in it.
  headers.set('accept-language', globalThis.document?.documentElement.lang || 'en');
  if (opts.json !== undefined) headers.set('content-type', 'application/json');
  const query = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : '';
  const stop = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, TIMEOUT_MS);
  if (opts.signal?.aborted) stop.abort();
  opts.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  let res: Response;
  try {
    res = await fetch(`${base}/api/${path}${query}`, {
      method,
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      signal: stop.signal,
    });
  } catch {
    throw new ApiError(0, timedOut ? TOO_SLOW : NO_ANSWER);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) throw await refused(res);
  return res;
}

type Query = Record<string, string | number>;

async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  opts: { json?: unknown; query?: Query } = {},
) {
  const res = await send(method, path, opts);
  try {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // An answer cut short or not JSON: as good as none.
    throw new ApiError(0, NO_ANSWER);
  }
}

export interface DownloadOptions {
  /** Aborting it stops the download (the server stops its query too). */
  signal?: AbortSignal;
  /** Called as bytes arrive, with the count so far (the size of a streamed file is not known ahead). */
  onProgress?: (bytes: number) => void;
}

/** The body read chunk by chunk, `onProgress` told the count as each chunk arrives. */
async function countedBlob(res: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  if (!res.body) return res.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts, { type: res.headers.get('content-type') ?? '' });
}

/** A file the API sends as an attachment: its bytes and the name Content-Disposition gives it. */
async function download(
  path: string,
  query?: Query,
  opts: DownloadOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const res = await send('GET', path, { query, signal: opts.signal });
  try {
    const disposition = res.headers.get('content-disposition') ?? '';
    const blob = opts.onProgress ? await countedBlob(res, opts.onProgress) : await res.blob();
    return { blob, fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
  } catch {
    throw new ApiError(0, NO_ANSWER);
  }
}

/** T is the answer's type, inferred from its schema in src/lib/schemas/ (`{ success, message }` by default). */
export const api = {
  get: <T = MessageBody>(path: string, query?: Query) => call<T>('GET', path, { query }),
  post: <T = MessageBody>(path: string, json: unknown = {}) => call<T>('POST', path, { json }),
  patch: <T = MessageBody>(path: string, json: unknown) => call<T>('PATCH', path, { json }),
  delete: <T = MessageBody>(path: string, json?: unknown) => call<T>('DELETE', path, { json }),
  download,
};
