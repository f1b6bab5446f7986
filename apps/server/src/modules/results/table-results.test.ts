import { describe, expect, it } from 'vitest';
import type { Movement, MovementRow } from '@bridge/engine';
import { planEvent } from '../events/service.ts';
import { tableMove } from './table-results.ts';

const movement = (rows: MovementRow[], more: Partial<Movement> = {}): Movement => ({
  kind: 'howell',
  tables: 2,
  rounds: 2,
  sets: 2,
  winners: 1,
  rows,
  sharedSets: false,
  description: 'test',
  ...more,
});
const plan = (m: Movement) => planEvent({ tables: m.tables, rounds: m.rounds, boardsPerRound: 2, movementType: 'Howell', movement: m });

describe('where a table moves after the round', () => {
  it('follows a Howell: a pair may stay and turn, or go to another table on the other side', () => {
    const m = movement([
      { round: 1, table: 1, ns: 1, ew: 2, set: 1 },
      { round: 1, table: 2, ns: 3, ew: 4, set: 2 },
      { round: 2, table: 1, ns: 4, ew: 1, set: 2 },
      { round: 2, table: 2, ns: 2, ew: 3, set: 1 },
    ]);
    const p = plan(m);
    expect(tableMove(p, p.rows[0]!, 2)).toEqual({
      text: 'NS stay as EW; EW to table 2 as NS; boards to table 2',
      nsTable: 1,
      ewTable: 2,
      boardsTable: 2,
    });
    expect(tableMove(p, p.rows[1]!, 2)).toEqual({
      text: 'NS stay as EW; EW to table 1 as NS; boards to table 1',
      nsTable: 2,
      ewTable: 1,
      boardsTable: 1,
    });
    // After the last round nobody moves.
    expect(tableMove(p, p.rows[2]!, 2)).toBeNull();
  });

  it('keeps a two-winner pair on its side, says nothing of the phantom, and sends unplayed boards to the relay stand', () => {
    const m = movement(
      [
        { round: 1, table: 1, ns: 1, ew: 1, set: 1 },
        { round: 1, table: 2, ns: 2, ew: 2, set: 2 },
        { round: 2, table: 1, ns: 1, ew: 2, set: 3 },
        { round: 2, table: 2, ns: 2, ew: 1, set: 1 },
      ],
      { kind: 'mitchell', winners: 2, sets: 3, phantomPair: 2 },
    );
    const p = plan(m);
    expect(tableMove(p, p.rows[0]!, 2)).toEqual({ text: 'NS stay; EW to table 2; boards to table 2', nsTable: 1, ewTable: 2, boardsTable: 2 });
    // Table 2's EW is the phantom: only its NS pair and its boards are told where to go.
    expect(tableMove(p, p.rows[1]!, 2)).toEqual({ text: 'NS stay; boards to the relay stand', nsTable: 2, ewTable: null, boardsTable: null });
  });
});
