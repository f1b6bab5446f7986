import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const withCode = (code: string) => Object.assign(new Error('database error'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'ECONNRESET',
    'EAI_AGAIN',
    '08000',
    '08001',
    '08003',
    '08004',
    '08006',
    '3D000',
    '53300',
    '57P01',
    '57P02',
    '57P03',
    '57P04',
  ])('%s is the database unavailable', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each(['23505', '22021', '42P01', '40001', '08P01', 'ERR_INVALID_ARG_TYPE'])('%s is not', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  it('55000 is the database unavailable when it is not accepting connections, not for its other causes', () => {
    const notAccepting = Object.assign(new Error('database "bridge" is not currently accepting connections'), { code: '55000' });
    expect(isDatabaseUnavailable(notAccepting)).toBe(true);
    const sequence = Object.assign(new Error('currval of sequence "ids" is not yet defined in this session'), { code: '55000' });
    expect(isDatabaseUnavailable(sequence)).toBe(false);
  });

  it('sees through an AggregateError and a cause, and knows PGlite closed', () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: new (message: string) => Error } }).WebAssembly;
    expect(isDatabaseUnavailable(new RuntimeError('unreachable'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Operation failed'))).toBe(false);
  });
});
