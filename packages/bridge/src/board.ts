import type { Seat, Vulnerability } from './types.ts';

const dealers: readonly Seat[] = ['N', 'E', 'S', 'W'];
const vulnerabilities: readonly Vulnerability[] = ['None', 'NS', 'EW', 'All'];

function checkBoardNumber(board: number): void {
  if (!Number.isInteger(board) || board < 1) throw new RangeError(`Board number must be a whole number from 1, got ${board}`);
}

/** The dealer of a board by its number (Law 2): North deals board 1, then clockwise. */
export function dealerOf(board: number): Seat {
  checkBoardNumber(board);
  return dealers[(board - 1) % 4]!;
}

/** The vulnerability of a board by its number (Law 2), repeating every 16 boards. */
export function vulnerabilityOf(board: number): Vulnerability {
  checkBoardNumber(board);
  const i = (board - 1) % 16;
  return vulnerabilities[(i + Math.floor(i / 4)) % 4]!;
}

/** Whether the side of `seat` is vulnerable under `vulnerability`. */
export function isVulnerable(vulnerability: Vulnerability, seat: Seat): boolean {
  if (vulnerability === 'All') return true;
  if (vulnerability === 'None') return false;
  return vulnerability === 'NS' ? seat === 'N' || seat === 'S' : seat === 'E' || seat === 'W';
}

/** The side a seat sits on. */
export const sideOf = (seat: Seat): 'NS' | 'EW' => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
