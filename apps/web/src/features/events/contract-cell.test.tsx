// @vitest-environment happy-dom
import type { ScoreEntry } from '@bridge/api';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { boardResultRows, ContractCell } from './contract-cell';

afterEach(cleanup);

const text = (element: React.ReactElement) => render(element).container.textContent;

const entry = (table: number, overrides: Partial<ScoreEntry> = {}): ScoreEntry => ({
  table,
  North: null,
  South: null,
  East: null,
  West: null,
  ns: table,
  ew: table + 10,
  score: 400,
  dealer: 'N',
  declarer: 'S',
  contract: '3,5',
  doubled: 0,
  nsTricks: 9,
  ewTricks: 4,
  totalTricks: 13,
  vulnerable: 'None',
  adjusted: null,
  ...overrides,
});

describe('ContractCell', () => {
  it.each([
    ['4,4', 0, '4♠ spades'],
    ['3,5', 0, '3NT'],
    ['2,3', 2, '2♥ hearts×× redoubled'],
    ['1,1', 1, '1♣ clubs× doubled'],
    ['Pass', 0, 'Pass'],
  ])("shows '%s' doubled %i as %s", (contract, doubled, expected) => {
    expect(text(<ContractCell contract={contract} doubled={doubled} />)).toBe(expected);
  });

  it("shows '-' for a missing contract and the adjusted score when one stands in", () => {
    expect(text(<ContractCell contract={null} />)).toBe('-');
    expect(text(<ContractCell contract={null} adjusted="A+/A-" />)).toBe('Adjusted A+/A-');
  });
});

describe('boardResultRows', () => {
  it('flattens scoreData into rows ordered by round, board and table', () => {
    const rows = boardResultRows({
      round_number_2: { board_number_3: { table_1: entry(1) } },
      round_number_1: { board_number_10: { table_2: entry(2) }, board_number_2: { table_3: entry(3), table_1: entry(1) } },
    });
    expect(rows.map((row) => [row.round, row.board, row.table])).toEqual([
      [1, 2, 1],
      [1, 2, 3],
      [1, 10, 2],
      [2, 3, 1],
    ]);
  });
});
