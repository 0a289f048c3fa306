// The body limit and the JSON gate over real HTTP through the Node adapter, as `npm start` serves them:
// sizes the headers tell are judged by the headers, chunked bodies are counted, and neither step turns the
// adapter's light request into a full WHATWG Request (whose AbortSignal only a full GC frees).
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOnly, limitBody } from '../../src/server/core/http-middleware.ts';

/** Whether the adapter built its full Request for this request (its own cache slot, a private symbol). */
const fullRequestBuilt = (raw: Request) =>
  Object.getOwnPropertySymbols(raw).some(
    (s) => s.description === 'requestCache' && (raw as unknown as Record<symbol, unknown>)[s] !== undefined,
  );

const app = new Hono();
app.use(jsonOnly);
app.post('/echo', limitBody(1024), async (c) => {
  const body = await c.req.json();
  return c.json({ body, fullRequest: fullRequestBuilt(c.req.raw) });
});
app.on(['GET', 'DELETE'], '/plain', limitBody(1024), (c) => c.json({ fullRequest: fullRequestBuilt(c.req.raw) }));
// Reads the body stream, which the adapter only has on its full Request: proves the probe can say yes.
app.get('/stream', (c) => {
  void c.req.raw.body;
  return c.json({ fullRequest: fullRequestBuilt(c.req.raw) });
});

const server = http.createServer(getRequestListener(app.fetch));
let port: number;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
beforeAll(() => {
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request; `chunks` are written one by one, so a body without Content-Length goes out chunked. */
function send(method: string, path: string, headers: Record<string, string>, chunks: string[] = []) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const small = JSON.stringify({ hello: 'world' });
const large = JSON.stringify({ message: 'x'.repeat(2000) });

describe('the body limit', () => {
  it('can tell when the adapter built its full request', async () => {
    expect(await send('GET', '/stream', {})).toEqual({ status: 200, json: { fullRequest: true } });
  });

  it('passes a body whose Content-Length is within the limit, read by the fast path', async () => {
    const res = await send('POST', '/echo', { ...JSON_TYPE, 'content-length': String(small.length) }, [small]);
    expect(res).toEqual({ status: 200, json: { body: { hello: 'world' }, fullRequest: false } });
  });

  it('answers 413 from the Content-Length alone', async () => {
    const res = await send('POST', '/echo', { ...JSON_TYPE, 'content-length': String(large.length) }, [large]);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Request body too large (at most 1 KiB)');
  });

  it('counts a chunked body: within the limit it reaches the handler, over it is 413', async () => {
    const ok = await send('POST', '/echo', JSON_TYPE, [small.slice(0, 5), small.slice(5)]);
    expect(ok.status).toBe(200);
    expect(ok.json.body).toEqual({ hello: 'world' });
    const over = await send('POST', '/echo', JSON_TYPE, [large.slice(0, 1000), large.slice(1000)]);
    expect(over.status).toBe(413);
  });

  it('lets bodiless GETs and DELETEs through without building the full request', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await send(method, '/plain', {});
      expect(res).toEqual({ status: 200, json: { fullRequest: false } });
    }
  });
});

describe('the JSON gate', () => {
  it('answers 415 for a body that is not JSON, announced by length or chunked', async () => {
    const byLength = await send('POST', '/echo', { 'content-type': 'text/plain', 'content-length': '2' }, ['hi']);
    expect(byLength.status).toBe(415);
    const chunked = await send('POST', '/echo', { 'content-type': 'text/plain' }, ['h', 'i']);
    expect(chunked.status).toBe(415);
    expect(chunked.json.message).toBe('Content-Type must be application/json');
  });
});
