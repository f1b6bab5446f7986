import { describe, expect, it } from 'vitest';
import { MINUTES_TO_MOVE, proposeMovements } from './movement-proposals.ts';
import { movementProblems } from './movements.ts';

const pairCounts = Array.from({ length: 55 }, (_, i) => i + 6);

/** The pairs that really play: the sit-out's number left out (in a two-winner Mitchell, an EW number). */
const realPairs = (p: ReturnType<typeof proposeMovements>[number]) => {
  const m = p.movement;
  const sidesApart = m.kind === 'mitchell' && m.winners === 2;
  const pairs = new Set<string>();
  for (const row of m.rows) {
    if (sidesApart || row.ns !== m.phantomPair) pairs.add(sidesApart ? `ns${row.ns}` : `${row.ns}`);
    if (row.ew !== m.phantomPair) pairs.add(sidesApart ? `ew${row.ew}` : `${row.ew}`);
  }
  return pairs.size;
};

describe('proposeMovements', () => {
  it.each(pairCounts)('%i pairs: every proposal is a sound movement for exactly that many pairs', (pairs) => {
    const proposals = proposeMovements(pairs);
    expect(proposals.length).toBeGreaterThan(0);
    expect(new Set(proposals.map((p) => p.id)).size).toBe(proposals.length);
    for (const p of proposals) {
      expect(movementProblems(p.movement), p.id).toEqual([]);
      expect(realPairs(p), p.id).toBe(pairs);
      expect(p.sitOut, p.id).toBe(pairs % 2 === 1);
      expect(p.movement.phantomPair !== undefined, p.id).toBe(pairs % 2 === 1);
    }
  });

  it.each(pairCounts)('%i pairs: rounds, boards and duration follow from the movement rows', (pairs) => {
    for (const p of proposeMovements(pairs)) {
      const rounds = new Set(p.movement.rows.map((r) => r.round)).size;
      expect(p.rounds, p.id).toBe(rounds);
      expect(p.totalBoards, p.id).toBe(rounds * p.boardsPerRound);
      expect(p.minutes, p.id).toBe(p.totalBoards * 7.5 + rounds * MINUTES_TO_MOVE);
      expect(p.winners, p.id).toBe(p.movement.winners);
      expect(p.description, p.id).toBe(p.movement.description);
    }
  });

  it.each(pairCounts)('%i pairs: every proposal lasts a session of 20 to 30 boards, 2.5 to 4 hours', (pairs) => {
    for (const p of proposeMovements(pairs)) {
      expect(p.totalBoards, p.id).toBeGreaterThanOrEqual(20);
      expect(p.totalBoards, p.id).toBeLessThanOrEqual(30);
      expect(p.boardsPerRound, p.id).toBeGreaterThanOrEqual(2);
      expect(p.minutes, p.id).toBeGreaterThanOrEqual(150);
      expect(p.minutes, p.id).toBeLessThanOrEqual(240);
    }
  });

  it.each(pairCounts)('%i pairs: offers a Mitchell with two winners and one with an arrow switch, and a barometer', (pairs) => {
    const proposals = proposeMovements(pairs);
    expect(proposals.some((p) => p.id.startsWith('mitchell-') && p.winners === 2)).toBe(true);
    expect(proposals.some((p) => p.id.startsWith('arrow-switch-') && p.winners === 1)).toBe(true);
    expect(proposals.some((p) => p.id.startsWith('barometer-') && p.movement.sharedSets)).toBe(true);
  });

  it('offers Howell and three-quarter Howell where they fit a session', () => {
    const ids = (pairs: number) => proposeMovements(pairs).map((p) => p.id);
    expect(ids(8)).toEqual(expect.arrayContaining(['howell-7x4', 'three-quarter-howell-5x5']));
    expect(ids(12).some((id) => id.startsWith('howell-'))).toBe(true);
    expect(ids(20).some((id) => id.startsWith('three-quarter-howell-'))).toBe(true);
    // 40 pairs: a Howell of 39 rounds cannot be played in a session.
    expect(ids(40).some((id) => id.includes('howell-'))).toBe(false);
  });

  it('a three-quarter Howell says that not every pair meets every other', () => {
    const p = proposeMovements(12).find((x) => x.id.startsWith('three-quarter-howell-'))!;
    expect(p.movement.complete).toBe(false);
    expect(p.description).toMatch(/not every pair meets every other/);
  });

  it('offers a Mitchell of 3 and of 4 boards a round for 14 pairs', () => {
    const mitchells = proposeMovements(14).filter((p) => p.id.startsWith('mitchell-'));
    expect(mitchells.map((p) => p.boardsPerRound).sort()).toEqual([3, 4]);
  });

  it('an even number of tables also offers a share-and-relay Mitchell', () => {
    expect(proposeMovements(16).some((p) => p.id.startsWith('mitchell-share-and-relay-'))).toBe(true);
    expect(proposeMovements(14).some((p) => p.id.startsWith('mitchell-share-and-relay-'))).toBe(false);
  });

  it('a field too big for a whole Mitchell plays it stopped early', () => {
    const p = proposeMovements(60).find((x) => x.id.startsWith('mitchell-'))!;
    expect(p.movement.tables).toBe(30);
    expect(p.rounds).toBeLessThan(30);
    expect(p.description).toMatch(/stopped after/);
  });

  it('a Mitchell stopped early is offered with a skip only', () => {
    for (const pairs of [32, 40, 60]) {
      const ids = proposeMovements(pairs).map((p) => p.id);
      expect(ids.some((id) => id.startsWith('mitchell-skip-'))).toBe(true);
      expect(ids.some((id) => id.includes('share-and-relay'))).toBe(false);
    }
  });

  it('takes the club pace into account', () => {
    const slow = proposeMovements(14, { minutesPerBoard: 8 })[0]!;
    expect(slow.minutes).toBe(slow.totalBoards * 8 + slow.rounds * MINUTES_TO_MOVE);
  });

  it.each([0, 3, 61, 7.5, Number.NaN])('refuses %s pairs', (pairs) => {
    expect(() => proposeMovements(pairs)).toThrow(new RangeError(`Movements are proposed for 4 to 60 pairs, not ${pairs}`));
  });

  it('4 and 5 pairs get a Howell; 4 pairs cannot have a Mitchell', () => {
    expect(proposeMovements(4).map((p) => p.id)).toEqual(['howell-6x4', 'howell-6x5', 'barometer-howell-6x4']);
    expect(proposeMovements(5).some((p) => p.id.startsWith('howell-'))).toBe(true);
  });

  it('refuses a pace that is not positive', () => {
    expect(() => proposeMovements(10, { minutesPerBoard: 0 })).toThrow(RangeError);
  });
});
