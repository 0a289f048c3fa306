// The one HTTP client of the islands: ky with the API base, the bearer token and one error shape.
import ky, { HTTPError, TimeoutError } from 'ky';
import { TOKEN_KEY } from './constants.ts';

/** Every failed call ends as this: the HTTP status (0 when no answer came) and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's `issues`: the field (a dotted path) and what is wrong with it. */
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The common part of every API body: `success` always, `message` on most (docs/api.md). */
export interface ApiBody {
  success: boolean;
  message?: string;
}

const base = (import.meta.env.PUBLIC_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

function readToken(): string | null {
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
      },
    ],
  },
});

function toApiError(err: unknown): ApiError {
  if (err instanceof HTTPError) {
    const data = err.data as Partial<ApiBody & { issues: ApiError['issues'] }> | string | undefined;
    const message =
      typeof data === 'object' && data?.message ? data.message : err.response.statusText || 'Request failed';
    return new ApiError(err.response.status, message, typeof data === 'object' ? (data?.issues ?? []) : []);
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
    return await client(path, { method, json: opts.json, searchParams: opts.query }).json<T & ApiBody>();
  } catch (err) {
    throw toApiError(err);
  }
}

/** A file the API sends as an attachment: its bytes and the name Content-Disposition gives it. */
async function download(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | undefined }> {
  try {
    const res = await client.get(path, { searchParams: query });
    const disposition = res.headers.get('content-disposition') ?? '';
    return { blob: await res.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
  } catch (err) {
    throw toApiError(err);
  }
}

export const api = {
  get: <T>(path: string, query?: Query) => call<T>('get', path, { query }),
  post: <T>(path: string, json: unknown = {}) => call<T>('post', path, { json }),
  patch: <T>(path: string, json: unknown) => call<T>('patch', path, { json }),
  delete: <T>(path: string) => call<T>('delete', path),
  download,
};
