// The one mapping from a failed API call to the message the islands show, fed through the real client
// (src/lib/api-client.ts) with the answers and failures fetch gives it: an answer with our error body,
// one without it, no answer, an answer that never begins, and a call the caller stops. Only the network
// is stood in for (the global fetch).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/lib/api-client.ts';
import { ApiError, errorMessage, toApiError } from '../../src/lib/api-error.ts';

/** The error a GET ends in when the network answers with `respond` (or fails inside it). */
async function failure(respond: (init: RequestInit | undefined) => Promise<Response>): Promise<unknown> {
  vi.stubGlobal('fetch', (_input: string, init?: RequestInit) => respond(init));
  return api.get('v1/x').then(
    () => {
      throw new Error('the request did not fail');
    },
    (err: unknown) => err,
  );
}

/** A network that never answers, until the request is aborted. */
const never = (init: RequestInit | undefined) =>
  new Promise<Response>((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('errorMessage', () => {
  it("gives the server's message and issues when it answered with the error shape", async () => {
    const err = await failure(async () =>
      json(400, {
        success: false,
        message: 'Please enter a valid email',
        issues: [{ path: 'email', message: 'Please enter a valid email' }],
      }),
    );
    expect(errorMessage(err, 'Invalid credentials')).toBe('Please enter a valid email');
    expect(toApiError(err)).toMatchObject({
      status: 400,
      issues: [{ path: 'email', message: 'Please enter a valid email' }],
    });
  });

  it('gives the status text when an answer carries no message (a proxy page, say)', async () => {
    const err = await failure(
      async () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(errorMessage(err)).toBe('Bad Gateway');
    expect(toApiError(err).status).toBe(502);
  });

  it("gives the screen's fixed text, or else the reason, when no answer came", async () => {
    const offline = await failure(() => Promise.reject(new TypeError('fetch failed')));
    expect(errorMessage(offline, 'Failed to send OTP')).toBe('Failed to send OTP');
    expect(errorMessage(offline)).toBe('Could not reach the server');
    expect(toApiError(offline).status).toBe(0);
  });

  it('names an answer that does not begin within the time limit', async () => {
    vi.useFakeTimers();
    const pending = failure(never);
    await vi.advanceTimersByTimeAsync(15_000);
    const slow = await pending;
    expect(errorMessage(slow)).toBe('The server took too long to answer');
    expect(errorMessage(slow, 'Invalid credentials')).toBe('Invalid credentials');
  });

  it('an answer cut short counts as no answer', async () => {
    const cut = await failure(async () => new Response('{"success":tr', { status: 200 }));
    expect(toApiError(cut)).toMatchObject({ status: 0, message: 'Could not reach the server' });
  });

  it('keeps an ApiError an island threw itself', () => {
    expect(errorMessage(new ApiError(200, 'Signup failed'), '')).toBe('Signup failed');
    expect(errorMessage(new ApiError(0, 'Could not reach the server'), '')).toBe('');
  });

  it('counts any other error as no answer: the client throws only ApiErrors', () => {
    expect(toApiError(new TypeError('x is undefined'))).toMatchObject({
      status: 0,
      message: 'Could not reach the server',
    });
    expect(errorMessage(new Error('boom'), 'Failed to send OTP')).toBe('Failed to send OTP');
  });
});

describe('the call itself', () => {
  it('sends the JSON body, the token, the page language and the query, and reads the JSON answer', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return json(200, { success: true, message: 'ok' });
    });
    vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
    await expect(api.post('v1/things', { name: 'A' })).resolves.toEqual({ success: true, message: 'ok' });
    await api.get('v1/things', { page: 2, q: 'a b' });
    const [post, get] = seen;
    expect(post?.url).toBe('/api/v1/things');
    expect(post?.init?.method).toBe('POST');
    expect(post?.init?.body).toBe('{"name":"A"}');
    const headers = new Headers(post?.init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('en');
    expect(get?.url).toBe('/api/v1/things?page=2&q=a+b');
    expect(get?.init?.body).toBeUndefined();
  });

  it("a download stopped by the caller's signal ends as no answer, before the time limit", async () => {
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => never(init));
    const stop = new AbortController();
    const pending = api.download('v1/export', undefined, { signal: stop.signal }).catch((err: unknown) => err);
    stop.abort();
    expect(toApiError(await pending)).toMatchObject({ status: 0, message: 'Could not reach the server' });
  });
});
