// What a test starts outside its own process (servers, clusters, temporary folders) is stopped and removed
// when that process ends, even when the test timed out and its own clean-up never ran: Vitest ends a
// worker with process.exit, and a child process or a folder would otherwise outlive it.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

const children = new Set<ChildProcess>();
const folders = new Set<string>();
const stops = new Set<() => void>();

process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const stop of stops) {
    try {
      stop();
    } catch {
      /* already stopped */
    }
  }
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `stop` (synchronous: nothing else runs at exit) when this process exits, for a daemon such as a
 * PostgreSQL cluster; the returned function forgets it once the test stopped the daemon itself.
 */
export function stopOnExit(stop: () => void): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/** Kills `child` when this process exits, unless it has ended by then. */
export function killOnExit(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Removes `dir` when this process exits (a test that removes it itself loses nothing). */
export function removeOnExit(dir: string): string {
  folders.add(dir);
  return dir;
}
