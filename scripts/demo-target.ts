// Where `npm run demo` finds the platform, and what it says when nothing answers there.
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * DEMO_URL when set; otherwise the server's own address on this machine: http://localhost:$PORT, with PORT read
 * from the environment or `.env` as `npm start` reads it (3000 when neither sets it).
 */
export function demoBaseUrl(env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  if (env.DEMO_URL) return env.DEMO_URL.replace(/\/+$/, '');
  const port = env.PORT || readDotEnv(path.join(cwd, '.env')).PORT || '3000';
  return `http://localhost:${port}`;
}

function readDotEnv(file: string): Record<string, string> {
  // The same parser the server's process.loadEnvFile uses, without touching this process's environment.
  return fs.existsSync(file) ? (parseEnv(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/** The message for a request that got no answer at all (server not running, wrong port). */
export function unreachableMessage(base: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return [
    `Could not reach the platform at ${base} (${why}).`,
    'Start it first with `npm start` (same ADMIN_EMAIL and ADMIN_PASSWORD), or point the demo at it:',
    '  DEMO_URL=http://host:port npm run demo   (default: http://localhost:$PORT, PORT from the environment or .env)',
  ].join('\n');
}
