// `npm run admin -- promote EMAIL | demote EMAIL | list`: manage admins from the command line.
// With the embedded database this must run while the server is stopped (PGlite is single-process);
// with DATABASE_URL it works any time. Demoting the last admin is refused with the API's message.
import { ApiError } from '../core/errors.ts';
import { listUsers, NoSuchUserError, setAdmin } from './admin-commands.ts';
import { runCommand, withDatabase } from './command.ts';

const USAGE = 'Usage: npm run admin -- promote EMAIL | demote EMAIL | list';

runCommand(async () => {
  const [command, email] = process.argv.slice(2);
  if (!((command === 'promote' || command === 'demote') && email) && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  await withDatabase(async ({ db }) => {
    if (command === 'list') {
      const rows = await listUsers(db);
      if (rows.length === 0) console.log('No accounts yet.');
      for (const u of rows) {
        const flags = [u.isAdmin ? 'admin' : '', u.isAccountVerified ? 'verified' : 'unverified']
          .filter(Boolean)
          .join(', ');
        console.log(`${u.email}\t${u.name}\t(${flags})\t${u.createdAt.toISOString()}`);
      }
    } else {
      const user = await setAdmin(db, email!, command === 'promote');
      console.log(`${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    }
  });
  return 0;
}, [NoSuchUserError, ApiError]);
