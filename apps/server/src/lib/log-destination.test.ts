import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-destination.ts';

function collect() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('log lines', () => {
  it('are readable lines, not JSON, for a person at a terminal', () => {
    const out = collect();
    const log = pino({ level: 'info' }, logDestination('auto', { isTTY: true, destination: out.stream }));
    log.info({ email: 'admin@example.org' }, 'Bridge Platform is running at http://localhost:3000');
    const text = out.text();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Bridge Platform is running at http:\/\/localhost:3000 /);
    expect(text).toContain('"email":"admin@example.org"');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).not.toContain('{"level"');
  });

  it('stay JSON when the output is not a terminal, or when LOG_FORMAT=json asks for it', () => {
    expect(logDestination('auto', { isTTY: false })).toBeUndefined();
    expect(logDestination('json', { isTTY: true })).toBeUndefined();
    const out = collect();
    pino({}, logDestination('pretty', { isTTY: false, destination: out.stream })).warn('readable in a file too');
    expect(out.text()).toMatch(/WARN: readable in a file too/);
  });
});
