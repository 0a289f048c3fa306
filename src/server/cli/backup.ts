// `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the admin area's backup from the command
// line, and its restore into an empty database (the embedded one or DATABASE_URL's, whichever the
// configuration opens; a backup of either restores into the other). With the embedded database the
// server must be stopped (PGlite is single-process).
import { createReadStream } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { takeBackup } from '../backup/backup.ts';
import { RestoreRefused, restoreBackup } from '../backup/restore.ts';
import { runCommand, withDatabase } from './command.ts';

const USAGE = 'Usage: npm run db:backup -- FILE | npm run db:restore -- FILE';

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

runCommand(async () => {
  const [command, file] = process.argv.slice(2);
  if (!(command === 'backup' || command === 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  await withDatabase(async (database) => {
    if (command === 'backup') {
      const backup = await takeBackup(database.db, database.kind, new Date());
      await writeFile(file, backup.chunks);
      const total = Object.values(backup.rows).reduce((a, b) => a + b, 0);
      console.log(`Wrote ${file}: ${total} rows in ${Object.keys(backup.rows).length} tables.`);
    } else {
      const input = createReadStream(file);
      const text = (await isGzip(file)) ? input.pipe(createGunzip()) : input;
      const rows = await restoreBackup(database.db, createInterface({ input: text, crlfDelay: Infinity }));
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      console.log(`Restored ${total} rows in ${Object.keys(rows).length} tables from ${file}.`);
    }
  });
  return 0;
}, [RestoreRefused]);
