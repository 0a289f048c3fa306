// Part of `npm run bench` (scripts/bench.ts), beacons: the static page's saturation throughput alone,
// then beside a steady stream of analytics page views (BEACON_RATE a second); the goal is at least 80 %
// of the throughput alone.
import { run, type RunFigures, statuses } from './autocannon-run.ts';
import { BEACON_RATE, beacons, connections, PAGE, seconds, type Session } from './workload.ts';

export interface BeaconLoad {
  db: string;
  alone: RunFigures;
  beside: RunFigures;
  beacons: RunFigures;
}

/** The static page's throughput at saturation, alone and beside the steady beacon stream. */
export async function besideBeacons(s: Session, db: string): Promise<BeaconLoad> {
  const page = { url: `${s.url}${PAGE}`, headers: { 'accept-encoding': 'br' }, connections, seconds };
  process.stderr.write(`${db}: static page alone, then beside ${BEACON_RATE} beacons/s...\n`);
  const alone = await run(page);
  const [beside, beaconFigures] = await Promise.all([run(page), run(beacons(s.url))]);
  return { db, alone, beside, beacons: beaconFigures };
}

export function printBeaconLoads(beaconLoads: BeaconLoad[]) {
  console.log(
    `\nBeacons: GET ${PAGE} at saturation (${connections} connections, ${seconds} s), alone and beside ${BEACON_RATE} analytics page views a second`,
  );
  console.log(
    '| database | page req/s alone | page req/s beside | ratio | beacons sent/s | beacon p99 ms | beacon answers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const b of beaconLoads) {
    const ratio = (b.beside.rps / b.alone.rps) * 100;
    console.log(
      `| ${b.db} | ${b.alone.rps.toFixed(0)} | ${b.beside.rps.toFixed(0)} | ${ratio.toFixed(1)}% | ${b.beacons.rps.toFixed(0)} | ${b.beacons.p99.toFixed(2)} | ${statuses(b.beacons)} |`,
    );
  }
  for (const b of beaconLoads) {
    const ratio = (b.beside.rps / b.alone.rps) * 100;
    console.log(
      `${b.db}: static page throughput beside the beacons is ${ratio.toFixed(1)}% of alone (goal: at least 80%)`,
    );
  }
}
