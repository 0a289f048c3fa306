// The one mapping from a failed API call to the message the islands show, fed with real ky errors
// (an answer with our error body, one without it, a network failure, a timeout) as the client turns them
// into ApiErrors.
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { fromKy } from '../../src/lib/api-client.ts';
import { ApiError, errorMessage, toApiError } from '../../src/lib/api-error.ts';

/** What ky throws when a request is answered by `respond` (or fails inside it). */
async function kyError(respond: (signal: AbortSignal | null | undefined) => Promise<Response>, timeout = 10_000) {
  try {
    await ky.get('http://api.test/x', { retry: 0, timeout, fetch: (_input, init) => respond(init?.signal) }).json();
  } catch (err) {
    return fromKy(err);
  }
  throw new Error('the request did not fail');
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('errorMessage', () => {
  it("gives the server's message and issues when it answered with the error shape", async () => {
    const err = await kyError(async () =>
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
    const err = await kyError(
      async () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(errorMessage(err)).toBe('Bad Gateway');
    expect(toApiError(err).status).toBe(502);
  });

  it("gives the screen's fixed text, or else the reason, when no answer came", async () => {
    const offline = await kyError(() => Promise.reject(new TypeError('fetch failed')));
    expect(errorMessage(offline, 'Failed to send OTP')).toBe('Failed to send OTP');
    expect(errorMessage(offline)).toBe('Could not reach the server');
    expect(toApiError(offline).status).toBe(0);
  });

  it('names a timeout', async () => {
    const never = (signal: AbortSignal | null | undefined) =>
      new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    const slow = await kyError(never, 50);
    expect(errorMessage(slow)).toBe('The server took too long to answer');
    expect(errorMessage(slow, 'Invalid credentials')).toBe('Invalid credentials');
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
