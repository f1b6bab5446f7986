import { describe, expect, it } from 'vitest';
import { awayWords } from './away';

describe('how long a player has been away', () => {
  const since = '2026-03-04T19:00:00.000Z';
  const at = (minutes: number, seconds = 0) => Date.parse(since) + minutes * 60_000 + seconds * 1000;

  it('counts whole minutes, and says under a minute before the first', () => {
    expect(awayWords(since, at(0, 5))).toBe('Away under 1 min');
    expect(awayWords(since, at(0, 59))).toBe('Away under 1 min');
    expect(awayWords(since, at(1))).toBe('Away 1 min');
    expect(awayWords(since, at(3, 40))).toBe('Away 3 min');
    expect(awayWords(since, at(59, 59))).toBe('Away 59 min');
  });

  it('counts hours and minutes from an hour', () => {
    expect(awayWords(since, at(60))).toBe('Away 1 h');
    expect(awayWords(since, at(65))).toBe('Away 1 h 5 min');
    expect(awayWords(since, at(180))).toBe('Away 3 h');
  });

  it("takes a table clock a little ahead of the page's as just now", () => {
    expect(awayWords(since, at(0, -20))).toBe('Away under 1 min');
  });
});
