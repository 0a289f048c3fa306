// Whether POST /v1/auth/reset-otp tells, by how long it takes, that an address has an account. The API
// in-process on a fresh embedded database with a real SMTP catcher; samples for known and unknown addresses
// interleaved (alternating which goes first), each taken once the work after the previous reply (the
// lookup, the code, the mail) has finished. The verdict is statistical, not a fixed bound: a two-sided
// Mann-Whitney U test of the two samples. A machine's speed moves both samples alike.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { createApi } from '../../src/server/app.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import { nextIp } from './common.ts';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';

export interface TimingFigures {
  samples: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  /** Two-sided p-value of the Mann-Whitney U test (normal approximation, ties averaged). */
  p: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Two-sided p-value that samples a and b come from one distribution (Mann-Whitney U, normal approximation). */
export function mannWhitneyP(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSumA = all.reduce((sum, x, i) => (x.a ? sum + ranks[i]! : sum), 0);
  const [n1, n2] = [a.length, b.length];
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const z = (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
  return 2 * (1 - normalCdf(Math.abs(z)));
}

/** Standard normal CDF (Abramowitz and Stegun 26.2.17, error below 1e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * x);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return 1 - (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
}

export async function timingRun({ samples }: { samples: number }): Promise<TimingFigures> {
  const smtp = await startSmtpCatcher();
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-timing-')));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: smtp.url });
  const api = await createApi(config);
  const post = async (url: string, body: unknown) => {
    const res = await api.app.request(
      `/api${url}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
    await res.arrayBuffer();
    return res.status;
  };
  try {
    const emails: string[] = [];
    for (let i = 0; i < samples; i++) {
      const email = `timing-${i}-${Date.now()}@example.com`;
      const status = await post('/v1/auth/signup', { name: `Timing ${i}`, email, password: `Tr0ub4dor&${i}x` });
      if (status !== 201) throw new Error(`signup answered ${status}`);
      emails.push(email);
    }
    await api.settled();
    const timed = async (email: string) => {
      const start = performance.now();
      const status = await post('/v1/auth/reset-otp', { email });
      const ms = performance.now() - start;
      if (status !== 200) throw new Error(`reset-otp answered ${status}`);
      await api.settled();
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < samples; i++) {
      const stranger = `unknown-${i}-${Date.now()}@example.com`;
      if (i % 2) {
        known.push(await timed(emails[i]!));
        unknown.push(await timed(stranger));
      } else {
        unknown.push(await timed(stranger));
        known.push(await timed(emails[i]!));
      }
    }
    return { samples, knownMedianMs: median(known), unknownMedianMs: median(unknown), p: mannWhitneyP(known, unknown) };
  } finally {
    await api.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
