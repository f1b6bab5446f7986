import { describe, expect, it } from 'vitest';
import { formatDuration, readClock } from '../../../lib/round-clock';
import { draftOf, draftProblems, draftScore, emptyDraft, leadOf, parseTricks } from './result-entry';

describe('parseTricks', () => {
  it('reads tricks against the contract: = made, +1 an overtrick, -2 two down', () => {
    expect(parseTricks('=', 4)).toBe(10);
    expect(parseTricks('+1', 4)).toBe(11);
    expect(parseTricks(' -2 ', 3)).toBe(7);
    expect(parseTricks('\u22123', 7)).toBe(10);
  });

  it('reads a plain number as the tricks taken, with or without a level', () => {
    expect(parseTricks('9', 3)).toBe(9);
    expect(parseTricks('0', null)).toBe(0);
    expect(parseTricks('13', null)).toBe(13);
  });

  it('refuses tricks outside 0-13, a relative result without a level, and other text', () => {
    expect(parseTricks('14', 1)).toBeNull();
    expect(parseTricks('+2', 6)).toBeNull();
    expect(parseTricks('-8', 1)).toBeNull();
    expect(parseTricks('=', null)).toBeNull();
    expect(parseTricks('four', 4)).toBeNull();
    expect(parseTricks('', 4)).toBeNull();
  });
});

describe('draftScore', () => {
  it('scores by Law 77 on the board’s vulnerability: 4S by South making on board 2 (NS vulnerable) is 620', () => {
    expect(draftScore({ ...emptyDraft, declarer: 'S', level: 4, strain: 'S', tricks: '=' }, 2)).toBe(620);
    expect(draftScore({ ...emptyDraft, declarer: 'S', level: 4, strain: 'S', tricks: '=' }, 1)).toBe(420);
  });

  it('is null until the result is complete, and 0 for a pass-out', () => {
    expect(draftScore({ ...emptyDraft, declarer: 'S', level: 4, tricks: '=' }, 2)).toBeNull();
    expect(draftScore({ ...emptyDraft, passedOut: true }, 2)).toBe(0);
  });
});

describe('readClock', () => {
  const clock = { running: true, elapsedMs: 60_000, roundMs: 120_000 };

  it('runs a running clock on from the time it was read, and holds a paused one', () => {
    expect(readClock(clock, 1_000, 31_000)).toEqual({ elapsedMs: 90_000, leftMs: 30_000, late: false });
    expect(readClock({ ...clock, running: false }, 1_000, 31_000)).toEqual({ elapsedMs: 60_000, leftMs: 60_000, late: false });
  });

  it('is late once past the round’s time, not at it', () => {
    expect(readClock(clock, 0, 60_000).late).toBe(false);
    expect(readClock(clock, 0, 60_001).late).toBe(true);
  });

  it('formats minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(-3_000)).toBe('0:03');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});

describe('draftOf', () => {
  const entry = (level: number, tricks: number | null) => ({
    declarer: 'E' as const,
    contract: { level, strain: level ? ('H' as const) : null, doubled: 1 },
    tricks,
    lead: null,
  });

  it('writes the tricks against the level, so the director corrects what the table wrote', () => {
    expect(draftOf(entry(4, 10))).toEqual({ passedOut: false, declarer: 'E', level: 4, strain: 'H', doubled: 1, tricks: '=', lead: '' });
    expect(draftOf({ ...entry(4, 10), lead: 'SQ' }).lead).toBe('SQ');
    expect(draftOf(entry(4, 12)).tricks).toBe('+2');
    expect(draftOf(entry(4, 7)).tricks).toBe('-3');
    expect(draftScore(draftOf(entry(4, 7)), 2)).toBe(500);
  });

  it('takes a lead in either case and refuses one that is not a suit and a rank', () => {
    const draft = { ...draftOf(entry(4, 10)), lead: ' hk ' };
    expect(leadOf(draft.lead)).toBe('HK');
    expect(draftProblems(draft)).toEqual({});
    expect(draftProblems({ ...draft, lead: 'K' })).toEqual({ lead: 'A lead is a suit and a rank: SA, HT, D2' });
    expect(leadOf('')).toBeNull();
  });

  it('starts empty without an entry, and passed out for a pass-out', () => {
    expect(draftOf(null)).toEqual(emptyDraft);
    expect(draftOf(entry(0, null))).toEqual({ ...emptyDraft, passedOut: true });
  });
});
