import { describe, expect, it } from 'vitest';
import { vulnerabilityOf } from './board.ts';
import { scoreEvent, type TravellerLine } from './event.ts';
import { mitchell, boardsOfSet, howell } from './movements.ts';
import { nsScore } from './scoring.ts';
import { seededRandom } from './random-deal.ts';

const line = (board: number, nsPair: number, ewPair: number, score: number): TravellerLine => ({
  board,
  nsPair,
  ewPair,
  result: { kind: 'score', nsScore: score },
});

describe('scoring a whole event', () => {
  // A 3-table Mitchell, one board a round: each board played three times.
  const lines = [
    line(1, 1, 1, 420),
    line(1, 2, 3, 450),
    line(1, 3, 2, -50),
    line(2, 1, 3, 110),
    line(2, 2, 2, 110),
    line(2, 3, 1, -100),
    line(3, 1, 2, -620),
    line(3, 2, 1, -620),
    line(3, 3, 3, -650),
  ];

  it('matchpoints every board and ranks NS and EW apart in a two-winner Mitchell', () => {
    const event = scoreEvent(lines, { method: 'matchpoints', winners: 2 });
    expect(event.expectedPerBoard).toBe(3);
    const ns = event.pairs.filter((p) => p.direction === 'NS').map((p) => [p.key, p.total, Math.round(p.percentage! * 100) / 100, p.label]);
    // NS1: 2 + 3 + 3 = 8 of 12; NS2: 4 + 3 + 3 = 10; NS3: 0 + 0 + 0 = 0.
    expect(ns).toEqual([
      ['NS2', 10, 83.33, '1'],
      ['NS1', 8, 66.67, '2'],
      ['NS3', 0, 0, '3'],
    ]);
    for (const l of event.lines) expect(l.ns + l.ew).toBe(4);
  });

  it('cross-IMPs an IMP pairs event; each board sums to 0 and totals rank the pairs', () => {
    const event = scoreEvent(lines, { method: 'cross-imps', winners: 2 });
    const board1 = event.lines.filter((l) => l.board === 1).map((l) => l.ns);
    expect(board1.reduce((a, b) => a + b, 0)).toBeCloseTo(0);
    expect(event.pairs.every((p) => p.percentage === null)).toBe(true);
    expect(event.pairs[0]!.total).toBeGreaterThanOrEqual(event.pairs[1]!.total);
  });

  it('gives adjusted scores their matchpoints and Neuberg-factors the rest of the board', () => {
    const withAdjusted = [
      ...lines.slice(0, 2),
      { board: 1, nsPair: 3, ewPair: 2, result: { kind: 'adjusted', ns: 'A+', ew: 'A-' } } as TravellerLine,
      ...lines.slice(3),
    ];
    const event = scoreEvent(withAdjusted, { method: 'matchpoints', winners: 2 });
    const adjusted = event.lines.find((l) => l.board === 1 && l.nsPair === 3)!;
    expect([adjusted.ns, adjusted.ew]).toEqual([2.4, 1.6]);
  });

  it('answers the lines in the order they were given, boards interleaved or not', () => {
    const shuffled = [lines[4]!, lines[0]!, lines[8]!, lines[1]!];
    const event = scoreEvent(shuffled, { method: 'matchpoints', winners: 2 });
    expect(event.lines.map((l) => [l.board, l.nsPair])).toEqual(shuffled.map((l) => [l.board, l.nsPair]));
    // Board 1: 420 and 450 met each other only (two results of three expected): 450 beats 420.
    expect(event.lines[3]!.ns).toBeGreaterThan(event.lines[1]!.ns);
  });

  it('ranks a Howell as one field, with ties as 1=', () => {
    // NS 1 beat NS 3, so pairs 1 and 4 have 100% and pairs 2 and 3 have 0%.
    const event = scoreEvent([line(1, 1, 2, 100), line(1, 3, 4, 50)], { method: 'matchpoints', winners: 1 });
    expect(event.pairs.map((p) => [p.key, p.percentage, p.label])).toEqual([
      ['1', 100, '1='],
      ['4', 100, '1='],
      ['2', 0, '3='],
      ['3', 0, '3='],
    ]);
  });

  it('scores a full 27-table, 27-board Mitchell: every pair plays 27 boards and the tops add up', () => {
    const movement = mitchell(27);
    const random = seededRandom(1);
    const bytes = new Uint8Array(1);
    const all: TravellerLine[] = movement.rows.flatMap((row) =>
      boardsOfSet(row.set, 1).map((board) => {
        random(bytes);
        const tricks = 7 + (bytes[0]! % 6);
        return line(
          board,
          row.ns,
          row.ew,
          nsScore({ level: 3, strain: 'NT', doubled: 0 }, bytes[0]! % 2 ? 'N' : 'E', tricks, vulnerabilityOf(board)),
        );
      }),
    );
    const event = scoreEvent(all, { method: 'matchpoints', winners: 2 });
    expect(event.pairs).toHaveLength(54);
    for (const pair of event.pairs) expect(pair.boards).toBe(27);
    const totalNs = event.pairs.filter((p) => p.direction === 'NS').reduce((a, p) => a + p.total, 0);
    expect(totalNs).toBeCloseTo((27 * 27 * 52) / 2);
    expect(scoreEvent(all, { method: 'butler', winners: 2 }).lines).toHaveLength(27 * 27);
    expect(
      scoreEvent(
        howell(8).rows.map((r) => line(r.set, r.ns, r.ew, 0)),
        { method: 'matchpoints', winners: 1 },
      ).pairs,
    ).toHaveLength(8);
  });
});

describe('IMP pairs who played different numbers of boards', () => {
  // NS2 missed board 3. Cross-IMPs (/n-1): board 1 NS1 4.5, NS2 6, NS3 -10.5; board 2 NS1 2, NS2 3.5, NS3 -5.5;
  // board 3 NS1 7, NS3 -7. Raw totals: NS1 13.5 over 3 boards, NS2 9.5 over 2 (factored 9.5 x 3/2 = 14.25).
  const lines = [
    line(1, 1, 1, 420),
    line(1, 2, 3, 450),
    line(1, 3, 2, -50),
    line(2, 1, 3, 110),
    line(2, 2, 2, 140),
    line(2, 3, 1, -100),
    line(3, 1, 2, 420),
    line(3, 3, 3, 140),
  ];

  it('ranks by the total factored to the full schedule, not the raw total', () => {
    const event = scoreEvent(lines, { method: 'cross-imps', winners: 2 });
    const ns = event.pairs.filter((p) => p.direction === 'NS').map((p) => [p.key, p.boards, p.total, p.factoredTotal, p.label]);
    expect(ns).toEqual([
      ['NS2', 2, 9.5, 14.25, '1'],
      ['NS1', 3, 13.5, 13.5, '2'],
      ['NS3', 3, -23, -23, '3'],
    ]);
  });

  it('factors to the schedule it is given, per pair', () => {
    const event = scoreEvent(lines, { method: 'cross-imps', winners: 2, scheduledBoards: (key) => (key.startsWith('NS') ? 4 : undefined) });
    const ns2 = event.pairs.find((p) => p.key === 'NS2')!;
    expect(ns2.factoredTotal).toBe(19); // 9.5 x 4 / 2
    expect(event.pairs.find((p) => p.key === 'NS1')!.factoredTotal).toBe(18); // 13.5 x 4 / 3
  });

  it('Butler is factored too; matchpoints keep ranking by percentage with no factored total', () => {
    expect(scoreEvent(lines, { method: 'butler', winners: 2 }).pairs.every((p) => p.factoredTotal !== null)).toBe(true);
    expect(scoreEvent(lines, { method: 'matchpoints', winners: 2 }).pairs.every((p) => p.factoredTotal === null)).toBe(true);
  });
});
