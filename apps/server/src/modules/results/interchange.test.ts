import { describe, expect, it } from 'vitest';
import { seatsOf } from './interchange.ts';
import { scheduledBoards } from './scoring.ts';
import { planEvent } from '../events/service.ts';

describe('what the interchange writers are fed', () => {
  it('counts the boards each pair is scheduled to play in the rounds the event plays', () => {
    const mitchell = scheduledBoards(planEvent({ tables: 3, rounds: 2, boardsPerRound: 2, movementType: 'Mitchell' }));
    expect([mitchell('NS1'), mitchell('EW3'), mitchell('NS4')]).toEqual([4, 4, undefined]);
    const howell = scheduledBoards(planEvent({ tables: 2, rounds: 3, boardsPerRound: 3, movementType: 'Howell' }));
    expect([1, 2, 3, 4].map((pair) => howell(String(pair)))).toEqual([9, 9, 9, 9]);
  });

  it("seats a Howell pair's players by their round-1 seats, North's player taking East when the pair sits East-West", () => {
    const plan = planEvent({ tables: 2, rounds: 3, boardsPerRound: 1, movementType: 'Howell' });
    const first = plan.rows.find((r) => r.round === 1 && r.table === 1)!;
    const participants = [
      { tableNo: 1, side: 0, names: 'North one' },
      { tableNo: 1, side: 2, names: 'South one' },
      { tableNo: 1, side: 1, names: 'East one' },
      { tableNo: 1, side: 3, names: 'West one' },
    ];
    const seats = seatsOf(plan, participants);
    expect(seats(first.ns, first.ew)).toEqual({ N: 'North one', S: 'South one', E: 'East one', W: 'West one' });
    // The same two pairs with directions swapped, as a later round of a Howell may seat them.
    expect(seats(first.ew, first.ns)).toEqual({ N: 'East one', S: 'West one', E: 'North one', W: 'South one' });
  });
});
