// The one HTTP client of the islands: ky with the API base, the bearer token and one error shape.
import ky, { HTTPError, TimeoutError } from 'ky';
import { TOKEN_KEY } from './constants.ts';
import { ApiError } from './api-error.ts';
import type { ErrorBody, MessageBody } from './schemas/api.ts';

const base = import.meta.env.PUBLIC_API_URL?.replace(/\/$/, '') ?? '';

/** The session token as stored, or null (none, or storage unavailable as in some private modes). */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

const client = ky.create({
  prefix: `${base}/api`,
  retry: 0,
  timeout: 15_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        // The page's language: the API writes mails for a new account or an enquiry in it.
        request.headers.set('Accept-Language', globalThis.document?.documentElement.lang || 'en');
      },
    ],
  },
});

/** A call's failure (ky's HTTPError with our JSON body, a network failure, a timeout) as an ApiError. */
export function fromKy(err: unknown): ApiError {
  if (err instanceof HTTPError) {
    const data = err.data as Partial<ErrorBody> | string | undefined;
    const body = typeof data === 'object' ? data : undefined;
    const message = body?.message || err.response.statusText || 'Request failed';
    return new ApiError(err.response.status, message, body?.issues, body?.stepUp === true);
  }
  if (err instanceof TimeoutError) return new ApiError(0, 'The server took too long to answer');
  return new ApiError(0, 'Could not reach the server');
}

type Query = Record<string, string | number>;

async function call<T>(
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  opts: { json?: unknown; query?: Query } = {},
) {
  try {
    return await client(path, { method, json: opts.json, searchParams: opts.query }).json<T>();
  } catch (err) {
    throw fromKy(err);
  }
}

export interface DownloadOptions {
  /** Aborting it stops the download (the server stops its query too). */
  signal?: AbortSignal;
  /** Called as bytes arrive, with the count so far (the size of a streamed file is not known ahead). */
  onProgress?: (bytes: number) => void;
}

/**
 * The body read chunk by chunk, `onProgress` told the count as each chunk arrives. (ky's own
 * onDownloadProgress reports a chunk only once the next has come: an answer paused after its first
 * bytes would read as nothing received.)
 */
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
  try {
    const res = await client.get(path, { searchParams: query, ...(opts.signal ? { signal: opts.signal } : {}) });
    const disposition = res.headers.get('content-disposition') ?? '';
    const blob = opts.onProgress ? await countedBlob(res, opts.onProgress) : await res.blob();
    return { blob, fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
  } catch (err) {
    throw fromKy(err);
  }
}

/** T is the answer's type, inferred from its schema in src/lib/schemas/ (`{ success, message }` by default). */
export const api = {
  get: <T = MessageBody>(path: string, query?: Query) => call<T>('get', path, { query }),
  post: <T = MessageBody>(path: string, json: unknown = {}) => call<T>('post', path, { json }),
  patch: <T = MessageBody>(path: string, json: unknown) => call<T>('patch', path, { json }),
  delete: <T = MessageBody>(path: string) => call<T>('delete', path),
  download,
};
