// A server process whose clock the test moves: the API as `npm start` builds it (createApi: its outbox
// worker, which queues the booked calls' reminders on every pass), with `now` ahead of the real time by
// what the test writes on stdin ("advance <ms>"). It runs outbox passes back to back and writes how many it
// has run to the file PASSES_FILE, so that a test waits for passes, not for a time. "stop" ends it.
// Started by tests/reliability/booking-reminders.test.ts with DATABASE_URL, SMTP_URL, DIST_DIR and PASSES_FILE.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/config.ts';
import { createApi } from '../../src/server/app.ts';

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
const passesFile = process.env.PASSES_FILE!;
for (let pass = 1; !stopped; pass++) {
  await api.drainOutbox();
  writeFileSync(passesFile, `${pass} ${offset}`);
  await new Promise((r) => setTimeout(r, 10));
}
await api.close();
// Reading stdin would keep the process alive.
process.exit(0);
