import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkUploadedMovement, MovementTableError, readMovementTable, uploadMovement, writeMovementTable } from './movement-upload.ts';
import { barometer, mitchell, mitchellWithSitOut, movementProblems, publishedHowell } from './movements.ts';

const csv = (...lines: string[]) => ['round,table,ns,ew,set', ...lines].join('\n');
/** The problems an upload is refused with. */
const refusal = (text: string, format: 'csv' | 'json' = 'csv') => {
  try {
    uploadMovement(text, format);
  } catch (error) {
    expect(error).toBeInstanceOf(MovementTableError);
    return (error as MovementTableError).problems;
  }
  throw new Error('the upload was accepted');
};

// Three tables of a 6-pair movement over two rounds: sound, and the base the broken files below change.
const sound = ['1,1,1,2,1', '1,2,3,4,2', '1,3,5,6,3', '2,1,1,3,3', '2,2,5,2,2', '2,3,4,6,1'];

describe('reading a movement table', () => {
  it('reads CSV with blank lines and comments', () => {
    const m = readMovementTable(['# club night', '', 'round,table,ns,ew,set', '', '# round 1', ...sound].join('\n'), 'csv');
    expect(m).toMatchObject({ kind: 'howell', tables: 3, rounds: 2, sets: 3, winners: 1, sharedSets: false, complete: false });
    expect(m.rows[3]).toEqual({ round: 2, table: 1, ns: 1, ew: 3, set: 3 });
    expect(checkUploadedMovement(m)).toEqual([]);
  });
  it('reads the header columns in any order and Windows line ends', () => {
    const m = readMovementTable('set,round,table,ew,ns\r\n4,1,1,2,1\r\n', 'csv');
    expect(m.rows).toEqual([{ round: 1, table: 1, ns: 1, ew: 2, set: 4 }]);
  });
  it('reads JSON, with its kind', () => {
    const m = readMovementTable(JSON.stringify({ kind: 'mitchell', rows: [{ round: 1, table: 1, ns: 1, ew: 1, set: 1 }] }), 'json');
    expect(m).toMatchObject({ kind: 'mitchell', winners: 2, rows: [{ round: 1, table: 1, ns: 1, ew: 1, set: 1 }] });
  });
  it('reads a Mitchell in CSV from its kind line', () => {
    expect(readMovementTable(['# kind: mitchell', csv('1,1,1,1,1')].join('\n'), 'csv').kind).toBe('mitchell');
  });
  it('pair 0 is the sit-out, a phantom pair after the highest number', () => {
    const m = readMovementTable(csv('1,1,0,1,1', '1,2,2,3,2'), 'csv');
    expect(m.phantomPair).toBe(4);
    expect(m.rows[0]).toMatchObject({ ns: 4, ew: 1 });
  });
});

describe('malformed tables name their lines', () => {
  it.each([
    [csv('1,1,1,x,1'), "Line 2: 'ew' is not a pair number"],
    [csv('1,1,1,2,1', '', '0,1,1,2,1'), "Line 4: 'round' is not a round number"],
    [csv('1,-1,1,2,1'), "Line 2: 'table' is not a table number"],
    [csv('1,1,1,2,0'), "Line 2: 'set' is not a board set number"],
    [csv('1,1,1,2'), 'Line 2: 4 values, expected 5 (round,table,ns,ew,set)'],
    [csv('1,1,0,0,1'), 'Line 2: both pairs are the sit-out'],
    [csv('1,1,1,2,1', '1,1,3,4,2'), 'Line 3: round 1, table 1 is already given on line 2'],
    ['round,table,north,ew,set\n1,1,1,2,1', 'Line 1: the header must name the columns round,table,ns,ew,set'],
    ['# kind: teams\n' + csv('1,1,1,2,1'), "Line 1: the kind is 'mitchell' or 'howell', not 'teams'"],
    ['# nothing here\n', 'The file has no header round,table,ns,ew,set'],
  ])('CSV %#: %s', (text, problem) => {
    expect(() => readMovementTable(text, 'csv')).toThrow(MovementTableError);
    expect(refusal(text)).toContain(problem);
  });
  it('every malformed CSV line is named, not just the first', () => {
    expect(refusal(csv('1,1,1,x,1', '1,2,3,4,2', 'a,1,1,2,y'))).toEqual([
      "Line 2: 'ew' is not a pair number",
      "Line 4: 'round' is not a round number",
      "Line 4: 'set' is not a board set number",
    ]);
  });
  it.each([
    ['{"rows": [{"round": 1, "table": 1, "ns": 1, "ew": "two", "set": 1}]}', "Line 1 (row 1): 'ew' is not a pair number"],
    [
      '{"rows": [{"round": 1, "table": 1, "ns": 1, "ew": 2, "set": 1}, {"round": 1.5, "table": 2, "ns": 3, "ew": 4, "set": 2}]}',
      "Line 1 (row 2): 'round' is not a round number",
    ],
    ['{"rows": [{"round": 1, "table": 1, "ns": 1, "ew": 2}]}', "Line 1 (row 1): 'set' is not a board set number"],
    ['{"rows": [[1, 1, 1, 2, 1]]}', 'Line 1 (row 1): not an object with round, table, ns, ew and set'],
    ['{"kind": "teams", "rows": [{"round": 1, "table": 1, "ns": 1, "ew": 2, "set": 1}]}', '"kind" is "mitchell" or "howell", not "teams"'],
    ['{"round": 1}', 'The JSON must be an object with a "rows" list'],
    ['{"rows": []}', 'The table has no rows'],
  ])('JSON %#: %s', (text, problem) => {
    expect(refusal(text, 'json')).toContain(problem);
  });
  it('a malformed JSON row is named by the line it starts on', () => {
    const rows = [
      { round: 1, table: 1, ns: 1, ew: 2, set: 1 },
      { round: 1, table: 2, ns: 3, ew: 4, set: 2, note: 'a "quoted" [note], {with} brackets' },
      { round: 1, table: 1, ns: 5, ew: 'x', set: 3 },
      { round: 1, table: 1, ns: 5, ew: 6, set: 3 },
    ];
    const text = JSON.stringify({ kind: 'howell', rows }, null, 2);
    // Pretty-printed: the list opens on line 3 and each row takes 7 lines (8 for the one with a note).
    expect(refusal(text, 'json')).toEqual([
      "Line 19 (row 3): 'ew' is not a pair number",
      'Line 26 (row 4): round 1, table 1 is already given on line 4 (row 1)',
    ]);
  });
  it('JSON that cannot be parsed says so', () => {
    expect(refusal('{"rows": [', 'json')[0]).toMatch(/^The JSON cannot be read: /);
  });
});

describe('uploaded movements keep the four rules, each broken one named', () => {
  it('a sound table is accepted', () => {
    expect(uploadMovement(csv(...sound), 'csv').rows).toHaveLength(6);
  });
  it('no pair sits in two places in a round', () => {
    // Round 2: pair 5 at table 2 (NS) and, in place of pair 4, at table 3.
    expect(refusal(csv(...sound.slice(0, 5), '2,3,5,6,1'))).toContain('Round 2: pair 5 sits at table 2 and table 3');
    expect(refusal(csv(...sound.slice(0, 5), '2,3,6,6,1'))).toContain('Round 2: pair 6 sits both North-South and East-West at table 3');
  });
  it('a pair meets a board set at most once', () => {
    // Round 2, table 1 plays set 1 again, which pair 1 played in round 1; table 3 takes set 2.
    expect(refusal(csv(...sound.slice(0, 3), '2,1,1,3,1', '2,2,5,2,3', '2,3,4,6,2'))).toContain('Pair 1 meets board set 1 twice (rounds 1 and 2)');
  });
  it('a board set is at one table at a time', () => {
    expect(refusal(csv(...sound.slice(0, 3), '2,1,1,3,2', '2,2,5,2,3', '2,3,4,6,3'))).toContain('Round 2: board set 3 is at table 2 and table 3');
  });
  it('every board set is compared', () => {
    expect(refusal(csv('1,1,1,2,1', '1,2,3,4,2', '2,1,1,2,3', '2,2,3,4,1'))).toEqual([
      'Board set 2 is played by one table only, so it is never compared',
      'Board set 3 is played by one table only, so it is never compared',
    ]);
    expect(refusal(csv('1,1,1,2,1', '1,2,3,4,3', '2,1,1,2,3', '2,2,3,4,1'))).toEqual(['Board set 2 is never played']);
  });
  it('a table with several problems lists them all', () => {
    const problems = refusal(csv('1,1,1,2,1', '1,2,1,4,1', '1,3,5,6,2', '2,1,1,3,1', '2,2,2,4,3', '2,3,5,6,4'));
    expect(problems).toEqual([
      'Round 1: pair 1 sits at table 1 and table 2',
      'Pair 1 meets board set 1 3 times (rounds 1, 1 and 2)',
      'Round 1: board set 1 is at table 1 and table 2',
      'Board set 2 is played by one table only, so it is never compared',
      'Board set 3 is played by one table only, so it is never compared',
      'Board set 4 is played by one table only, so it is never compared',
    ]);
  });
  it('a Mitchell names pairs by their direction, NS and EW numbered apart', () => {
    const text = ['# kind: mitchell', csv('1,1,1,1,1', '1,2,1,2,2', '2,1,2,2,1', '2,2,1,1,2')].join('\n');
    // NS pair 1 and EW pair 1 at table 1 are two pairs; NS pair 1 also at table 2 is one pair in two places.
    expect(refusal(text)).toEqual(['Round 1: NS pair 1 sits at table 1 and table 2', 'NS pair 1 meets board set 2 twice (rounds 1 and 2)']);
  });
  it('the sit-out is not a pair: its table may rest a set, and it plays nothing', () => {
    // Pairs 5 and 2 sit out in turn; the set at the sit-out table is not played, so sets 2 and 3 are played once each.
    const m = readMovementTable(csv('1,1,1,2,1', '1,2,3,4,2', '1,3,5,0,3', '2,1,3,5,1', '2,2,1,4,3', '2,3,2,0,2'), 'csv');
    expect(checkUploadedMovement(m)).toEqual([
      'Board set 2 is played by one table only, so it is never compared',
      'Board set 3 is played by one table only, so it is never compared',
    ]);
  });
  it('a barometer round (every table on one set) is not a set at two tables', () => {
    const m = uploadMovement(writeMovementTable(barometer(publishedHowell(8)), 'csv'), 'csv');
    expect(m.sharedSets).toBe(true);
  });
});

describe('built-in movements written as a table read back the same and pass', () => {
  it.each([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])('the published %i-pair Howell, as CSV and as JSON', (pairs) => {
    const published = publishedHowell(pairs);
    for (const format of ['csv', 'json'] as const) {
      const m = uploadMovement(writeMovementTable(published, format), format);
      expect(m.rows).toEqual(published.rows);
      expect(m).toMatchObject({ kind: 'howell', tables: published.tables, rounds: published.rounds, sets: published.sets, winners: 1 });
      expect(m.phantomPair).toBe(published.phantomPair);
      expect(m.sharedSets).toBe(published.sharedSets);
      expect(m.complete).toBeUndefined();
      expect(m.meetings ?? 1).toBe(published.meetings);
      expect(movementProblems(m)).toEqual([]);
    }
  });
  it.each([3, 5, 7, 8])('a %i-table Mitchell, with and without a sit-out', (tables) => {
    for (const built of [mitchell(tables), mitchellWithSitOut(tables)]) {
      const m = uploadMovement(writeMovementTable(built, 'csv'), 'csv');
      expect(m.rows).toEqual(built.rows);
      expect(m).toMatchObject({ kind: 'mitchell', winners: 2 });
      expect(m.phantomPair).toBe(built.phantomPair);
      expect(movementProblems(m)).toEqual([]);
    }
  });
});

describe('published movement files (fixtures/movements, YAML) uploaded as CSV', () => {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/movements');
  /** The YAML's hands as a CSV table: each distinct list of boards is one board set, numbered by its first board. */
  const yamlToCsv = (yaml: string) => {
    const hands = yaml
      .split(/^- /m)
      .slice(1)
      .map((hand) => ({
        round: Number(/round: (\d+)/.exec(hand)![1]),
        table: Number(/table: (\d+)/.exec(hand)![1]),
        ns: Number(/ns: (\d+)/.exec(hand)?.[1] ?? 0),
        ew: Number(/ew: (\d+)/.exec(hand)?.[1] ?? 0),
        boards: [...hand.matchAll(/^ {2}- (\d+)$/gm)].map((m) => Number(m[1])).join(' '),
      }));
    const lists = [...new Set(hands.map((h) => h.boards))].sort((a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]));
    return csv(...hands.map((h) => [h.round, h.table, h.ns, h.ew, lists.indexOf(h.boards) + 1].join(',')));
  };
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.yaml') && !name.includes('Relay'));
  it.each(files)('%s is accepted, every pair of the file seated', (name) => {
    const yaml = fs.readFileSync(path.join(folder, name), 'utf8');
    const m = uploadMovement(yamlToCsv(yaml), 'csv');
    expect(m.rounds).toBeGreaterThan(1);
    // Files for an odd number of pairs leave the sit-out's table out rather than naming a phantom.
    expect(new Set(m.rows.flatMap((r) => [r.ns, r.ew])).size).toBe(Number(/numberTeams: (\d+)/.exec(yaml)![1]));
  });
  it.each(['15', '20', '25', '30'].map((boards) => `Movement.Howell06T3B${boards}Relay.yaml`))(
    '%s, whose relay holds a set aside, is accepted',
    (name) => {
      expect(movementProblems(uploadMovement(yamlToCsv(fs.readFileSync(path.join(folder, name), 'utf8')), 'csv'))).toEqual([]);
    },
  );
  it('the 10-pair Howell with a relay shares a set between tables 1 and 2 each round, which an upload refuses by name', () => {
    const problems = refusal(yamlToCsv(fs.readFileSync(path.join(folder, 'Movement.Howell10T5B24Relay.yaml'), 'utf8')));
    expect(problems).toHaveLength(8);
    for (const [i, problem] of problems.entries()) expect(problem).toBe(`Round ${i + 1}: board set ${i + 1} is at table 1 and table 2`);
  });
});
