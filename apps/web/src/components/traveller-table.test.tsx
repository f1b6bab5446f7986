// @vitest-environment happy-dom
import { ResultLineSchema, type ResultLine } from '@bridge/api';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TravellerTable } from './traveller-table';

const buildLine = (overrides: Partial<ResultLine> = {}): ResultLine =>
  ResultLineSchema.parse({
    round: 1,
    table: 1,
    nsPair: 1,
    ewPair: 1,
    contract: { level: 4, strain: 'S', doubled: 0 },
    declarer: 'S',
    tricks: 10,
    nsScore: 420,
    adjusted: null,
    ns: 1,
    ew: 1,
    ...overrides,
  });

// Given out of NS pair order, as the server may send them.
const lines = [
  buildLine({
    round: 2,
    table: 2,
    nsPair: 3,
    ewPair: 1,
    nsScore: -100,
    contract: { level: 4, strain: 'S', doubled: 1 },
    tricks: 9,
    ns: 0.5,
    ew: 1.5,
  }),
  buildLine({ round: 1, table: 1, nsPair: 1, ewPair: 2, nsScore: 420, ns: 1.5, ew: 0.5 }),
  buildLine({
    round: 1,
    table: 2,
    nsPair: 2,
    ewPair: 3,
    nsScore: 0,
    adjusted: { ns: 'A+', ew: 'A-' },
    contract: { level: 0, strain: null, doubled: 0 },
    declarer: null,
    tricks: null,
    ns: 1.2,
    ew: 0.8,
  }),
];

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(cleanup);

describe('TravellerTable', () => {
  it("lists the board's lines in NS pair order under the traveller's columns, named for screen readers", () => {
    render(<TravellerTable board={7} lines={lines} />);
    const table = screen.getByRole('table', { name: 'Traveller of board 7' });
    expect(screen.getByRole('region', { name: 'Traveller of board 7' }).contains(table)).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['NS', 'EW', 'Contract', 'By', 'NS score', 'EW score', 'NS points', 'EW points', 'Tricks']);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual(['1', '2', '4♠ spades ', 'S', '420', '−420', '1.5', '0.5', '10']);
    // An adjusted score has no contract score, only the points the director gave.
    expect(cellTexts(second!)).toEqual(['2', '3', 'Adjusted A+ / A-', '–', '–', '–', '1.2', '0.8', '–']);
    expect(cellTexts(third!)).toEqual(['3', '1', '4♠ spades × doubled', 'S', '−100', '100', '0.5', '1.5', '9']);
  });

  it('names pairs, formats scores and points, and adds a column as the caller asks', () => {
    render(
      <TravellerTable
        board={7}
        lines={lines}
        pairLabel={(pair, side) => `${side} ${pair}`}
        formatScore={(score) => (score > 0 ? `+${score}` : String(score))}
        formatPoints={(points) => `${points.toFixed(2)} IMPs`}
        extraColumn={{ header: 'Round', cell: (line) => `R${line.round}` }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Traveller of board 7' });
    expect(within(table).getAllByRole('columnheader').at(-1)!.textContent).toBe('Round');
    const first = within(table).getAllByRole('row')[1]!;
    expect(cellTexts(first)).toEqual(['NS 1', 'EW 2', '4♠ spades ', 'S', '+420', '-420', '1.50 IMPs', '0.50 IMPs', '10', 'R1']);
  });

  it('marks the lines the caller names, with the badge beside each named pair', () => {
    render(
      <TravellerTable
        board={7}
        lines={lines}
        mark={{ badge: 'You', pairs: (line) => [...(line.nsPair === 2 ? ['NS' as const] : []), ...(line.ewPair === 2 ? ['EW' as const] : [])] }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Traveller of board 7' }))
      .getAllByRole('row')
      .slice(1);
    const badges = rows.map((row) =>
      within(row)
        .queryAllByText('You')
        .map((badge) => badge.closest('td')!.cellIndex),
    );
    // NS 1 against EW 2: the EW cell; NS 2: the NS cell; the third line, neither.
    expect(badges).toEqual([[1], [0], []]);
    expect(rows.map((row) => row.className !== '')).toEqual([true, true, false]);
  });
});
