// The server's one logger (pino): JSON lines when NODE_ENV=production, for a log collector; readable
// lines otherwise. Everything goes to standard output; LOG_LEVEL decides what is written.
import pino from 'pino';
import type { Config } from '../../config/config.ts';

let readable = process.env.NODE_ENV !== 'production';

// Development: "18:52:01 INFO request method=GET path=/api/health status=200 durationMs=3".
function toReadable(line: string): string {
  const { time, level, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
  const rest = Object.entries(fields).map(([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `${String(time).slice(11, 19)} ${String(level).toUpperCase()} ${msg ?? ''}${rest.join('')}\n`;
}

export const log = pino(
  {
    level: 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => process.stdout.write(readable ? toReadable(line) : line) },
);

/** Applies the configuration: the format follows NODE_ENV, the level LOG_LEVEL. */
export function configureLog(config: Pick<Config, 'env' | 'logLevel'>): void {
  readable = config.env !== 'production';
  log.level = config.logLevel;
}
