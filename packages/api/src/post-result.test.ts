import { describe, expect, it } from 'vitest';
import { PostResultBody, PostResultLine } from './index.ts';

const place = { round: 1, board: 2, table: 1, nsPair: 1, ewPair: 1 };
const issuesOf = (body: unknown) => {
  const parsed = PostResultBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a posted result line', () => {
  it('is played when it has a contract above 0 with its declarer and tricks', () => {
    expect(PostResultBody.parse({ ...place, declarer: 'N', contract: { level: 4, strain: 'S', doubled: 1 }, tricks: 10 })).toEqual({
      kind: 'played',
      ...place,
      declarer: 'N',
      contract: { level: 4, strain: 'S', doubled: 1 },
      tricks: 10,
    });
  });

  it('carries the opening lead when given (null for none), and nothing for a lead left out', () => {
    const played = { ...place, declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10 };
    expect(PostResultBody.parse({ ...played, lead: 'HK' })).toMatchObject({ kind: 'played', lead: 'HK' });
    expect(PostResultBody.parse({ ...played, lead: null })).toMatchObject({ kind: 'played', lead: null });
    expect('lead' in PostResultBody.parse(played)).toBe(false);
    expect(issuesOf({ ...played, lead: 'K' })).toEqual(['A lead is a suit and a rank: SA, HT, D2']);
    expect('lead' in PostResultBody.parse({ ...place, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0, lead: 'HK' })).toBe(false);
  });

  it('is passed out with a contract of level 0, whatever else it says (as the apps post it)', () => {
    expect(PostResultBody.parse({ ...place, declarer: null, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 })).toEqual({
      kind: 'passedOut',
      ...place,
    });
    expect(PostResultBody.parse({ ...place, declarer: 'E', contract: { level: 0, strain: 'C', doubled: 2 }, tricks: 7 })).toEqual({
      kind: 'passedOut',
      ...place,
    });
  });

  it('is adjusted when it carries an adjusted score, which wins over a contract sent with it', () => {
    expect(PostResultBody.parse({ ...place, adjusted: { ns: 'A+', ew: 'A-' } })).toEqual({
      kind: 'adjusted',
      ...place,
      adjusted: { ns: 'A+', ew: 'A-' },
    });
    expect(
      PostResultBody.parse({ ...place, adjusted: { ns: 'A', ew: 'A' }, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 })
        .kind,
    ).toBe('adjusted');
  });

  it('is refused with the sentence users see when it is none of the three', () => {
    expect(issuesOf(place)).toEqual(['A result needs its contract and tricks, or an adjusted score']);
    expect(issuesOf({ ...place, contract: { level: 3, strain: 'NT', doubled: 0 } })).toEqual([
      'A result needs its contract and tricks, or an adjusted score',
    ]);
    expect(issuesOf({ ...place, declarer: null, contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 })).toEqual([
      'A contract needs a declarer',
    ]);
    expect(issuesOf({ ...place, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 14 })).toEqual(['Tricks must be 0-13']);
  });

  it('keeps one wire shape: the line the apps send is PostResultLine, unchanged', () => {
    expect(Object.keys(PostResultLine.shape).sort()).toEqual([
      'adjusted',
      'board',
      'contract',
      'declarer',
      'ewPair',
      'lead',
      'nsPair',
      'round',
      'table',
      'tricks',
    ]);
  });
});
