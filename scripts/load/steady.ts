// Open-loop load at a fixed rate: a request leaves every 1/rate seconds whether or not the earlier ones
// have been answered (as visitors do), so a server that stalls shows it in the latencies instead of
// slowing the load down. Latency is timed to the microsecond, from sending to the last byte.
import http from 'node:http';

export interface Stream {
  name: string;
  /** Requests a second. */
  rate: number;
  method?: 'GET' | 'POST';
  /** A path on the server under test. */
  path: string;
  headers?: () => Record<string, string>;
  body?: () => string;
}

export interface StreamFigures {
  name: string;
  sent: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  statusCounts: Record<string, number>;
}

/** How the benchmark prints a stream's figures: milliseconds to two places, and its answers by status. */
export const ms = (v: number) => v.toFixed(2);
export const statuses = (f: StreamFigures) =>
  Object.entries(f.statusCounts)
    .map(([code, n]) => `${n}×${code}`)
    .join(' ') + (f.errors ? ` ${f.errors} errors` : '');

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs every stream at once against `baseUrl` for `seconds`, and waits for the last answers. */
export async function steady(baseUrl: string, streams: Stream[], seconds: number): Promise<StreamFigures[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(baseUrl);
  const durationMs = seconds * 1000;
  const started = performance.now();
  const runs = streams.map(async (s) => {
    const latencies: number[] = [];
    const statusCounts: Record<string, number> = {};
    let errors = 0;
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    const once = () => {
      const body = s.body?.();
      const headers: Record<string, string> = { ...s.headers?.() };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const t0 = performance.now();
      const p = new Promise<void>((resolve) => {
        const req = http.request(
          { agent, host: url.hostname, port: url.port, method: s.method ?? 'GET', path: s.path, headers },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => {
              latencies.push(performance.now() - t0);
              statusCounts[res.statusCode ?? 0] = (statusCounts[res.statusCode ?? 0] ?? 0) + 1;
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end(body);
      });
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
    };
    // Catch up on the schedule after a late timer instead of drifting: request n leaves at n/rate s.
    while (performance.now() - started < durationMs) {
      const due = Math.floor(((performance.now() - started) / 1000) * s.rate);
      while (sent < due) {
        once();
        sent++;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(inFlight);
    latencies.sort((a, b) => a - b);
    return {
      name: s.name,
      sent,
      rps: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      errors,
      statusCounts,
    };
  });
  try {
    return await Promise.all(runs);
  } finally {
    agent.destroy();
  }
}
