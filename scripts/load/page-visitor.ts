// A steady stream of GETs of one page, run in a process of its own by the mixed benchmark: the page's
// latencies are then timed by an event loop that handles nothing else, so the API streams' answers
// (handled in the benchmark's own process) cannot delay them. Prints the stream's figures as JSON.
// Usage: tsx scripts/load/page-visitor.ts <base url> <path> <requests a second> <seconds>
import { steady } from './steady.ts';

const [baseUrl, pagePath, rate, seconds] = process.argv.slice(2);
const [figures] = await steady(
  baseUrl!,
  [{ name: `GET ${pagePath}`, rate: Number(rate), path: pagePath!, headers: () => ({ 'accept-encoding': 'br' }) }],
  Number(seconds),
);
process.stdout.write(JSON.stringify(figures));
