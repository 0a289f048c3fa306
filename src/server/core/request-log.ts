// One log line per request, written when the answer has gone out (or the client went away): method,
// path without its query (queries may carry codes and tokens), status, duration and a request id.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import { log } from './log.ts';

// A proxy's or client's id is kept when it is a plain token; anything else could forge log lines.
const PLAIN_ID = /^[\w.:-]{1,128}$/;

/**
 * The id a request is logged under and answered with: its X-Request-Id when plain, else a new one of 96
 * random bits (16 characters: an id tells one request among a log's, and every answer carries it).
 */
export function requestIdOf(header: string | null): string {
  return header && PLAIN_ID.test(header) ? header : randomBytes(12).toString('base64url');
}

export function logWhenDone(
  method: string,
  path: string,
  outgoing: ServerResponse | Http2ServerResponse,
  requestId: string,
): void {
  const started = performance.now();
  outgoing.once('close', () => {
    log.info(
      {
        method,
        path,
        status: outgoing.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId,
      },
      'request',
    );
  });
}
