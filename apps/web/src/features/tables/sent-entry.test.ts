import { describe, expect, it } from 'vitest';
import { entryOfBody } from './sent-entry';

describe('entryOfBody', () => {
  it('keeps a played contract with its tricks and lead', () => {
    const body = { board: 5, declarer: 'N' as const, contract: { level: 3, strain: 'NT' as const, doubled: 1 as const }, tricks: 7, lead: 'SA' };
    expect(entryOfBody(body)).toEqual({ declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 1 }, tricks: 7, lead: 'SA' });
  });

  it('gives a passed-out board no tricks, and a missing declarer or lead as none', () => {
    const body = { board: 6, contract: { level: 0, strain: 'NT' as const, doubled: 0 as const }, tricks: 0 };
    expect(entryOfBody(body)).toEqual({ declarer: null, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: null, lead: null });
  });
});
