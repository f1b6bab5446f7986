import type { GridCell } from '@bridge/api';

export type GridBoard = GridCell['boards'][number];

/** What the grid shows for a board: a missing board past the round's time is late. */
export type BoardMark = 'confirmed' | 'entered' | 'missing' | 'late' | 'notPlayed';

export const boardMark = (board: GridBoard): BoardMark => (board.status === 'missing' && board.late ? 'late' : board.status);

/** Each mark's symbol and words: the grid shows the symbol, reads the words, and the legend pairs them. */
export const marks: Record<BoardMark, { symbol: string; words: string; legend: string }> = {
  confirmed: { symbol: '✓', words: 'confirmed', legend: 'Confirmed by both pairs' },
  entered: { symbol: '✎', words: 'entered, not confirmed', legend: 'Entered, waiting for East-West to confirm' },
  missing: { symbol: '·', words: 'missing', legend: 'Missing: not entered yet' },
  late: { symbol: '!', words: 'late', legend: 'Late: missing past the round\u2019s time' },
  notPlayed: { symbol: '✕', words: 'not played', legend: 'Not played' },
};

export const markOrder: BoardMark[] = ['confirmed', 'entered', 'missing', 'late', 'notPlayed'];

export const boardStatusWords = (board: GridBoard) => marks[boardMark(board)].words;
