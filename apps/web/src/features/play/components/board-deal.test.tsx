// @vitest-environment happy-dom
import type { PlayBoardReview, PlayTableState } from '@bridge/api';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DealOrWait, HANDS_LATER, reviewPollInterval } from './board-deal';

afterEach(cleanup);

const players: PlayTableState['players'] = {
  N: { name: 'Nora', robot: false, away: null },
  E: { name: 'Robot', robot: true, away: null },
  S: { name: 'Sam', robot: false, away: null },
  W: { name: 'Robot', robot: true, away: null },
};
const deal = {
  N: ['SA', 'SK', 'SQ', 'SJ', 'ST', 'S9', 'S8', 'S7', 'S6', 'S5', 'S4', 'S3', 'S2'],
  E: ['HA', 'HK', 'HQ', 'HJ', 'HT', 'H9', 'H8', 'H7', 'H6', 'H5', 'H4', 'H3', 'H2'],
  S: ['DA', 'DK', 'DQ', 'DJ', 'DT', 'D9', 'D8', 'D7', 'D6', 'D5', 'D4', 'D3', 'D2'],
  W: ['CA', 'CK', 'CQ', 'CJ', 'CT', 'C9', 'C8', 'C7', 'C6', 'C5', 'C4', 'C3', 'C2'],
};
const held: PlayBoardReview = { board: 1, lines: [], deal: null };
const given: PlayBoardReview = { board: 1, lines: [], deal };

describe("a kibitzer's finished board", () => {
  it('says plainly that the hands come later while the server holds the deal back, and shows no hand', () => {
    const { container } = render(<DealOrWait review={held} players={players} />);
    expect(screen.getByRole('status').textContent).toBe('The hands show once this board is finished at every table');
    expect(HANDS_LATER).toBe('The hands show once this board is finished at every table');
    expect(container.querySelectorAll('dl')).toHaveLength(0);
  });

  it('shows all four hands, each named, once the server gives the deal', () => {
    render(<DealOrWait review={given} players={players} />);
    const hands = screen.getByRole('group', { name: 'The four hands' });
    for (const seat of ['North', 'East', 'South', 'West']) expect(within(hands).getByLabelText(`${seat}'s hand`)).toBeTruthy();
    expect(within(hands).getByText('North · Nora')).toBeTruthy();
    expect(within(hands).getByLabelText("West's hand").textContent).toContain('A K Q J 10 9 8 7 6 5 4 3 2');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing before the first answer', () => {
    const { container } = render(<DealOrWait review={undefined} players={players} />);
    expect(container.textContent).toBe('');
  });

  it('asks again every few seconds while the deal is held back, and stops once it has come', () => {
    expect(reviewPollInterval(undefined)).toBe(3000);
    expect(reviewPollInterval(held)).toBe(3000);
    expect(reviewPollInterval(given)).toBe(false);
  });
});
