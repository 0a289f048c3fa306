// One bounded autocannon run against a loopback URL, with a fresh client address per request
// (X-Forwarded-For, honoured because the server under test runs with TRUST_PROXY=true), so that
// the per-address rate limits measure the API rather than stop the load.
import autocannon from 'autocannon';

export interface RunSpec {
  url: string;
  method?: 'GET' | 'POST';
  body?: () => string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Each request claims a different client address. */
  spreadClients?: boolean;
  /**
   * Requests a second over all connections, sent whether or not earlier ones were answered (as visitors
   * do), so that a stalling server shows in the latencies; without it, as fast as the server answers.
   */
  overallRate?: number;
}

export interface RunFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  statusCounts: Record<string, number>;
}

let clientSeq = 0;
const nextAddress = () => {
  clientSeq++;
  return `10.${(clientSeq >> 16) & 255}.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
};

export async function run(spec: RunSpec): Promise<RunFigures> {
  const headers = { 'content-type': 'application/json', ...spec.headers };
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    requests: [
      {
        method: spec.method ?? 'GET',
        setupRequest: (req) => ({
          ...req,
          headers: spec.spreadClients ? { ...headers, 'x-forwarded-for': nextAddress() } : headers,
          ...(spec.body ? { body: spec.body() } : {}),
        }),
      },
    ],
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[code] = (count as { count: number }).count;
  }
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCounts,
  };
}

/** A run's answers by status, e.g. '3990×202 10×429 2 errors'. */
export const statuses = (f: RunFigures) =>
  Object.entries(f.statusCounts)
    .map(([code, n]) => `${n}×${code}`)
    .join(' ') + (f.errors ? ` ${f.errors} errors` : '');
