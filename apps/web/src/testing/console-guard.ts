import { inspect } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * Set up before every web test file (as apps/server/test/console-guard.ts for the server): a `console.error` that no
 * test expected fails the test it happened in (or the file, after its last test). React prints its warnings (a state
 * update outside act(), a missing key, an invalid prop) and msw its unanswered requests there, and each is a bug of
 * the page or of the test. A test that means to cause one says so with `expectConsoleError(/what it prints/)`, which
 * then must happen.
 */

// One wrapper per worker, whatever the number of files it runs: the console's own method is kept once.
const ORIGINAL = Symbol.for('bridge.web.test.console.error');
const holder = globalThis as unknown as Record<symbol, typeof console.error>;
const original = (holder[ORIGINAL] ??= console.error.bind(console));

let unexpected: string[] = [];
let expected: { pattern: RegExp; seen: number }[] = [];

const textOf = (value: unknown) => (typeof value === 'string' ? value : value instanceof Error ? (value.stack ?? value.message) : inspect(value));

console.error = (...args: unknown[]) => {
  const text = args.map(textOf).join(' ');
  const expectation = expected.find((e) => e.pattern.test(text));
  if (expectation) {
    expectation.seen++;
    return;
  }
  unexpected.push(text);
  original(...args);
};

/** The current test will print this error (once or more) on purpose; it fails if it does not. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: 0 });
}

function check(where: string) {
  const found = unexpected;
  const missing = expected.filter((e) => e.seen === 0).map((e) => String(e.pattern));
  unexpected = [];
  expected = [];
  if (found.length) throw new Error(`unexpected console.error ${where}:\n${found.join('\n')}`);
  if (missing.length) throw new Error(`console.error expected ${where} but not printed: ${missing.join(', ')}`);
}

afterEach(() => check('in this test (or a hook before it)'));
afterAll(() => check('after the last test of this file'));
