import { createRequire } from 'node:module';
import type { DestinationStream } from 'pino';

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

interface Options {
  /** Whether the output is a person's terminal; defaults to the process's standard output. */
  isTTY?: boolean;
  /** Where pretty lines go (tests); defaults to standard output. */
  destination?: NodeJS.WritableStream;
}

/**
 * Where the server's log lines go: JSON lines for machines (log collectors, systemd, files), readable lines for a
 * person at a terminal. Undefined means pino's own JSON on standard output.
 */
export function logDestination(
  format: LogFormat,
  { isTTY = process.stdout.isTTY === true, destination }: Options = {},
): DestinationStream | undefined {
  if (format === 'json' || (format === 'auto' && !isTTY)) return undefined;
  // Loaded only for a terminal: a server whose output goes to a collector never carries the formatter.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: isTTY && !destination,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    // One line an entry: request logs stay readable as they scroll by.
    singleLine: true,
    // Synchronous, so the last lines before an exit (a failed start, a shutdown) are not lost.
    sync: true,
    ...(destination ? { destination } : {}),
  });
}
