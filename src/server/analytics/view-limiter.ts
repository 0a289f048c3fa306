// How many views one address may add a minute. Kept in memory, per process: a beacon must not cost a
// database write of its own (the point of batching), and an address over the limit can only skew the
// figures, not reach anyone's data. IPv6 addresses count per /64, the block one subscriber usually holds.
import ipaddr from 'ipaddr.js';

const WINDOW_MS = 60_000;
/** Addresses tracked in one window; past it, new addresses wait for the next window (a flood, not visitors). */
const MAX_TRACKED = 100_000;

function blockOf(ip: string): string {
  try {
    const addr = ipaddr.process(ip);
    return addr.kind() === 'ipv6' ? addr.toNormalizedString().split(':').slice(0, 4).join(':') : addr.toString();
  } catch {
    return ip;
  }
}

export class ViewLimiter {
  private window = -1;
  private counts = new Map<string, number>();

  constructor(
    private readonly now: () => Date,
    private readonly perMinute: number,
    private readonly enabled: boolean,
  ) {}

  /** Counts a view from `ip`; false when the address has used up its minute. */
  allow(ip: string): boolean {
    if (!this.enabled) return true;
    const window = Math.floor(this.now().getTime() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const key = blockOf(ip);
    const n = this.counts.get(key);
    if (n === undefined && this.counts.size >= MAX_TRACKED) return false;
    if ((n ?? 0) >= this.perMinute) return false;
    this.counts.set(key, (n ?? 0) + 1);
    return true;
  }
}
