import { describe, expect, it } from 'vitest';
import {
  boardRange,
  pairLabel,
  pairRoundLine,
  pairsOf,
  parsePairLabel,
  roundsOf,
  scheduleOfPair,
  scheduleOfTable,
  tablesOf,
  type ScheduleMovement,
} from './movement-schedule.ts';
import { readMovementTable } from './movement-upload.ts';
import {
  arrowSwitchMitchell,
  barometer,
  howell,
  mitchell,
  mitchellWithSitOut,
  publishedHowell,
  stopAfterRound,
  threeQuarterHowell,
} from './movements.ts';

const lines = (m: ScheduleMovement, label: string, boardsPerRound = 4) =>
  scheduleOfPair(m, parsePairLabel(label)!, boardsPerRound).map(pairRoundLine);
const tableLines = (m: ScheduleMovement, table: number, boardsPerRound = 4) =>
  scheduleOfTable(m, table, boardsPerRound).map((r) =>
    r.idle
      ? `R${r.round} idle`
      : r.sitsOut
        ? `R${r.round} ${pairLabel(r.sitsOut)} sits out, ${boardRange(r.boards)} rest`
        : `R${r.round} ${pairLabel(r.ns!)} v ${pairLabel(r.ew!)} ${boardRange(r.boards)}`,
  );

describe('a pair guide', () => {
  it('follows an EW pair of a 5-table Mitchell up the tables, boards down', () => {
    expect(lines(mitchell(5), 'EW1')).toEqual([
      'Round 1: table 1 EW, boards 1-4',
      'Round 2: table 2 EW, boards 9-12',
      'Round 3: table 3 EW, boards 17-20',
      'Round 4: table 4 EW, boards 5-8',
      'Round 5: table 5 EW, boards 13-16',
    ]);
  });

  it('keeps an NS pair of a Mitchell at its table and names its opponents by direction', () => {
    const rounds = scheduleOfPair(mitchell(5), { direction: 'NS', pair: 3 }, 2);
    expect(rounds.map((r) => r.table)).toEqual([3, 3, 3, 3, 3]);
    expect(rounds.map((r) => pairLabel(r.opponents!))).toEqual(['EW3', 'EW2', 'EW1', 'EW5', 'EW4']);
    expect(rounds[1]!.boards).toEqual([7, 8]);
  });

  it('tells NS3 from EW3 in a two-winner movement', () => {
    const m = mitchell(4);
    expect(scheduleOfPair(m, { direction: 'NS', pair: 3 }, 3).map((r) => r.direction)).toEqual(['NS', 'NS', 'NS']);
    expect(scheduleOfPair(m, { direction: 'EW', pair: 3 }, 3).map((r) => r.direction)).toEqual(['EW', 'EW', 'EW']);
  });

  it('shows the sit-out round of a Mitchell with an odd number of pairs, an NS pair at a time', () => {
    const m = mitchellWithSitOut(4);
    // EW 4 is the missing pair: NS 4 meets it in round 1, so sits out then.
    expect(lines(m, 'NS4', 2)).toEqual(['Round 1: sits out', 'Round 2: table 4 NS, boards 1-2', 'Round 3: table 4 NS, boards 3-4']);
    // Three rounds, and the skip passes table 2 by: NS 4, 1 and 3 sit out once each; no EW pair ever does.
    const out = pairsOf(m).map((pair) => `${pairLabel(pair)}:${scheduleOfPair(m, pair, 2).filter((r) => r.sitsOut).length}`);
    expect(out).toEqual(['NS1:1', 'NS2:0', 'NS3:1', 'NS4:1', 'EW1:0', 'EW2:0', 'EW3:0']);
  });

  it('seats an arrow-switch pair NS and EW by turns, numbered 1..2T with one winner', () => {
    const m = arrowSwitchMitchell(mitchell(5));
    expect(pairsOf(m).map(pairLabel)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(lines(m, '2', 3)).toEqual([
      'Round 1: table 2 NS, boards 4-6',
      'Round 2: table 2 EW, boards 7-9',
      'Round 3: table 2 NS, boards 10-12',
      'Round 4: table 2 EW, boards 13-15',
      'Round 5: table 2 NS, boards 1-3',
    ]);
    expect(scheduleOfPair(m, { direction: null, pair: 6 }, 3)[1]).toMatchObject({
      table: 2,
      direction: 'NS',
      opponents: { direction: null, pair: 2 },
    });
  });

  it('has every pair of a 7-pair Howell sit out exactly once, the phantom left out of the pairs', () => {
    const m = publishedHowell(7);
    expect(pairsOf(m).map(pairLabel)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    for (const pair of pairsOf(m)) {
      const rounds = scheduleOfPair(m, pair, 3);
      expect(rounds).toHaveLength(m.rounds);
      expect(rounds.filter((r) => r.sitsOut)).toHaveLength(1);
    }
  });

  it("reads a barometer: every table plays the round's boards", () => {
    const m = barometer(howell(8));
    for (const table of tablesOf(m))
      expect(scheduleOfTable(m, table, 2).map((r) => boardRange(r.boards))).toEqual(['1-2', '3-4', '5-6', '7-8', '9-10', '11-12', '13-14']);
    expect(scheduleOfPair(m, { direction: null, pair: 5 }, 2)[2]!.boards).toEqual([5, 6]);
  });

  it('stops where the movement stops (a three-quarter Howell, or the rounds an event plays)', () => {
    expect(roundsOf(threeQuarterHowell(10))).toHaveLength(7);
    expect(lines(stopAfterRound(mitchell(7), 3), 'EW2')).toHaveLength(3);
  });

  it("takes each row's boards when they are given", () => {
    const boards = (row: { round: number }) => [100 + row.round];
    expect(scheduleOfPair(mitchell(3), { direction: 'NS', pair: 1 }, boards).map((r) => r.boards)).toEqual([[101], [102], [103]]);
  });

  it('marks a pair sitting out when an uploaded table gives it no place in a round', () => {
    // Five pairs, pair 0 the sit-out written out, and in round 3 pair 5 is simply not listed. Read, not checked:
    // the schedules read whatever rows they are given.
    const csv = [
      'round,table,ns,ew,set',
      '1,1,1,2,1',
      '1,2,3,4,2',
      '1,3,5,0,3',
      '2,1,5,1,2',
      '2,2,2,3,3',
      '2,3,4,0,1',
      '3,1,1,4,3',
      '3,2,3,2,1',
    ].join('\n');
    const m = readMovementTable(csv, 'csv');
    expect(pairsOf(m).map(pairLabel)).toEqual(['1', '2', '3', '4', '5']);
    expect(lines(m, '5', 2)).toEqual(['Round 1: sits out', 'Round 2: table 1 NS, boards 3-4', 'Round 3: sits out']);
    expect(tableLines(m, 3, 2)).toEqual(['R1 5 sits out, 5-6 rest', 'R2 4 sits out, 1-2 rest', 'R3 idle']);
  });
});

describe('a table card', () => {
  it("lists each round's pairs and boards of a Mitchell with a skip", () => {
    expect(tableLines(mitchell(4), 2)).toEqual(['R1 NS2 v EW2 5-8', 'R2 NS2 v EW1 9-12', 'R3 NS2 v EW3 13-16']);
  });

  it('names the pair that sits out at the sit-out table', () => {
    const m = mitchellWithSitOut(5);
    const sitOuts = tablesOf(m).flatMap((table) => scheduleOfTable(m, table, 2).filter((r) => r.sitsOut));
    // One a round, each NS pair in turn, the EW side empty.
    expect(sitOuts.map((r) => `${r.round}:${pairLabel(r.sitsOut!)}`).sort()).toEqual(['1:NS5', '2:NS1', '3:NS2', '4:NS3', '5:NS4']);
    expect(sitOuts.every((r) => r.ew === null && r.ns !== null)).toBe(true);
  });

  it("agrees with every pair's guide, for every kind of movement", () => {
    const movements = {
      'Mitchell, odd': mitchell(7),
      'Mitchell, skip': mitchell(6),
      'Mitchell, share-and-relay': mitchell(6, 'share-and-relay'),
      'Mitchell, sit-out': mitchellWithSitOut(6),
      'arrow switch, sit-out': arrowSwitchMitchell(mitchellWithSitOut(5)),
      'Howell, 9 pairs': publishedHowell(9),
      'Howell, generated': howell(17),
      'three-quarter Howell': threeQuarterHowell(12),
      barometer: barometer(mitchell(5)),
    };
    for (const [name, m] of Object.entries(movements)) {
      const seen = new Map<string, string>();
      for (const table of tablesOf(m))
        for (const r of scheduleOfTable(m, table, 3)) {
          if (r.ns) seen.set(`${pairLabel(r.ns)}@${r.round}`, `${table} NS ${r.sitsOut ? '-' : boardRange(r.boards)}`);
          if (r.ew) seen.set(`${pairLabel(r.ew)}@${r.round}`, `${table} EW ${r.sitsOut ? '-' : boardRange(r.boards)}`);
        }
      for (const pair of pairsOf(m))
        for (const r of scheduleOfPair(m, pair, 3)) {
          const atTable = seen.get(`${pairLabel(pair)}@${r.round}`);
          if (r.sitsOut) expect(atTable === undefined || atTable.endsWith('-'), `${name} ${pairLabel(pair)} round ${r.round}`).toBe(true);
          else expect(atTable, `${name} ${pairLabel(pair)} round ${r.round}`).toBe(`${r.table} ${r.direction} ${boardRange(r.boards)}`);
        }
    }
  });
});

describe('labels and ranges', () => {
  it('prints boards as one run, runs, or none', () => {
    expect(boardRange([5, 6, 7, 8])).toBe('5-8');
    expect(boardRange([9])).toBe('9');
    expect(boardRange([8, 1, 2, 7])).toBe('1-2, 7-8');
    expect(boardRange([])).toBe('none');
  });

  it('reads pair labels back and refuses others', () => {
    expect(parsePairLabel('NS3')).toEqual({ direction: 'NS', pair: 3 });
    expect(parsePairLabel('12')).toEqual({ direction: null, pair: 12 });
    expect(parsePairLabel('N3')).toBeNull();
    expect(parsePairLabel('EW0')).toBeNull();
  });
});
