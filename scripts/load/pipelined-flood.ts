// A client pipelining API calls on a few raw TCP connections (written at once, answers read and counted),
// while probes on fresh connections ask for a page and /api/health, during the flood and after it: what
// `npm run bench` reports and tests/reliability/hostile-http.test.ts holds to its bounds.
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';

export interface FloodSpec {
  url: string;
  /** The server's process id, for its resident memory (Linux /proc). */
  pid: number;
  page: string;
  requests: number;
  connections: number;
  seconds: number;
  /** Probes after the flood's connections closed. */
  probesAfter: number;
  /** A probe's answer must arrive within this (the contract's bound). */
  probeTimeoutMs: number;
  /** The flood's client address, sent as X-Forwarded-For (for a server with TRUST_PROXY=true). */
  forwardedFor?: string;
}

export interface Probe {
  when: 'during' | 'after';
  path: string;
  /** The status, or the error when no answer came within probeTimeoutMs. */
  status: number | string;
  ms: number;
}

export interface FloodFigures {
  probes: Probe[];
  /** Answers the flood's client read (200s, and 503s beyond the limits). */
  answered: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** After the flood's connections closed and the probes after it. */
  rssAfterMb: number;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function probe(spec: FloodSpec, path: string, when: Probe['when']): Promise<Probe> {
  const started = performance.now();
  try {
    const res = await fetch(spec.url + path, { signal: AbortSignal.timeout(spec.probeTimeoutMs) });
    await res.arrayBuffer();
    return { when, path, status: res.status, ms: performance.now() - started };
  } catch (err) {
    return { when, path, status: (err as Error).name, ms: performance.now() - started };
  }
}

/** One of the flood's requests, as written on the wire. */
export function floodRequest(hostname: string, forwardedFor?: string): string {
  const from = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '';
  return `GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n${from}\r\n`;
}

export async function pipelinedFlood(spec: FloodSpec): Promise<FloodFigures> {
  const { hostname, port } = new URL(spec.url);
  const rssBeforeMb = await rssMb(spec.pid);
  let rssPeakMb = rssBeforeMb;
  let answered = 0;
  const request = floodRequest(hostname, spec.forwardedFor);
  const perConnection = Math.ceil(spec.requests / spec.connections);
  const sockets = Array.from({ length: spec.connections }, () => {
    const socket = connect(Number(port), hostname, () => socket.write(request.repeat(perConnection)));
    socket.on('data', (d: Buffer) => (answered += d.toString('latin1').split('HTTP/1.1 ').length - 1));
    socket.on('error', () => {});
    return socket;
  });
  const probes: Probe[] = [];
  const round = async (when: Probe['when']) => {
    probes.push(await probe(spec, spec.page, when), await probe(spec, '/api/health', when));
    rssPeakMb = Math.max(rssPeakMb, await rssMb(spec.pid));
    await new Promise((r) => setTimeout(r, 200));
  };
  const ends = Date.now() + spec.seconds * 1000;
  while (Date.now() < ends) await round('during');
  for (const socket of sockets) socket.destroy();
  for (let i = 0; i < spec.probesAfter; i++) await round('after');
  return { probes, answered, rssBeforeMb, rssPeakMb, rssAfterMb: await rssMb(spec.pid) };
}
