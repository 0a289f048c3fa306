// `npm run admin -- promote EMAIL | demote EMAIL | list`: manage admins from the command line.
// With the embedded database this must run while the server is stopped (PGlite is single-process);
// with DATABASE_URL it works any time.
import { ConfigError, loadConfig } from '../../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../../config/env.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { listUsers, NoSuchUserError, setAdmin } from './admin-commands.ts';

const USAGE = 'Usage: npm run admin -- promote EMAIL | demote EMAIL | list';

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (!((command === 'promote' || command === 'demote') && email) && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  const database = await openDatabase(loadConfig(await readEnv()));
  try {
    if (command === 'list') {
      const rows = await listUsers(database.db);
      if (rows.length === 0) console.log('No accounts yet.');
      for (const u of rows) {
        const flags = [u.isAdmin ? 'admin' : '', u.isAccountVerified ? 'verified' : 'unverified']
          .filter(Boolean)
          .join(', ');
        console.log(`${u.email}\t${u.name}\t(${flags})\t${u.createdAt.toISOString()}`);
      }
    } else {
      const user = await setAdmin(database.db, email!, command === 'promote');
      console.log(`${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof NoSuchUserError;
    console.error(known ? (err as Error).message : err);
    process.exit(1);
  },
);
