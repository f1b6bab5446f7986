import { matchpointBoard, nsScore, vulnerabilityOf, type Contract } from '@bridge/engine';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boardTraveller } from './poster-data';
import { ResultsPreview } from './results-preview';

const printed = (score: number) => (score > 0 ? `+${score}` : score < 0 ? `\u2212${-score}` : '0');

describe('ResultsPreview', () => {
  it("prints each table's score and matchpoints as the engine computes them", () => {
    render(<ResultsPreview />);
    const figure = screen.getByRole('figure', { name: `Board ${boardTraveller.board} traveller` });
    const rows = within(figure).getAllByRole('row').slice(1);
    const points = matchpointBoard(boardTraveller.rows.map((row) => ({ kind: 'score', nsScore: row.nsScore })));
    expect(rows).toHaveLength(boardTraveller.rows.length);
    rows.forEach((tableRow, index) => {
      const line = boardTraveller.rows[index]!;
      const cells = within(tableRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      const score = nsScore(line.contract as Contract, line.declarer, line.tricks, vulnerabilityOf(boardTraveller.board));
      expect(cells[0]).toBe(String(line.ns));
      expect(cells[1]).toBe(String(line.ew));
      expect(cells[3]).toBe(String(line.tricks));
      expect(cells[4]).toBe(printed(score));
      expect(cells.slice(5)).toEqual([String(points[index]!.ns), String(points[index]!.ew)]);
    });
  });

  it('reads the contract out in words: the suit and the declarer', () => {
    render(<ResultsPreview />);
    const firstLine = screen.getAllByRole('row')[1]!;
    const contract = within(firstLine).getAllByRole('cell')[2]!;
    expect(contract.textContent).toContain('spades');
    expect(contract.textContent).toContain('by South');
  });
});
