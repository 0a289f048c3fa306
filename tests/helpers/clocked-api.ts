// A server process whose clock the test moves: the API as `npm start` builds it (createApi: its outbox
// worker, which queues the booked calls' reminders on every pass), with `now` ahead of the real time by
// what the test writes on stdin ("advance <ms>"). It runs outbox passes back to back and prints a line
// after each ("pass <n> <offset>"), so that a test waits for passes, not for a time. "stop" ends it.
// Started by tests/reliability/bookings.test.ts with DATABASE_URL, SMTP_URL and DIST_DIR in its environment.
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/config.ts';
import { createApi } from '../../src/server/core/app.ts';

let offset = 0;
let stopped = false;
const api = await createApi(loadConfig(process.env), {
  now: () => new Date(Date.now() + offset),
  pollOutbox: false,
});
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, argument] = line.trim().split(' ');
  if (command === 'advance') offset += Number(argument);
  if (command === 'stop') stopped = true;
});
console.log('ready');
for (let pass = 1; !stopped; pass++) {
  await api.drainOutbox();
  console.log(`pass ${pass} ${offset}`);
  await new Promise((r) => setTimeout(r, 10));
}
await api.close();
