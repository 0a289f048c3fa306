// PGlite is single-process: two processes on one data folder would corrupt it. The holder writes its pid
// into <dir>.lock; another process (the admin CLI, a second server) is refused with a clear message.
import { open, readFile, rm } from 'node:fs/promises';

export class DataDirBusyError extends Error {}

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireDataDirLock(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  const busy = (pid: number) =>
    new DataDirBusyError(
      `The embedded database in ${dir} is in use by process ${pid} (a running server?). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server, which any number of processes can share.',
    );
  if (heldHere.has(file)) throw busy(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldHere.add(file);
      return async () => {
        heldHere.delete(file);
        await rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && alive(pid)) throw busy(pid);
      // A stale lock from a process that died: take it over.
      await rm(file, { force: true });
    }
  }
  throw busy(0);
}
