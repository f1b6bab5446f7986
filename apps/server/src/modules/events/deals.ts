import {
  dealerOf,
  formatDeal,
  parseDeal,
  parsePbn,
  PbnError,
  pbnBoardNumbers,
  readAnalysisTags,
  vulnerabilityOf,
  type PbnGame,
} from '@bridge/engine';
import type { DealAnalysis } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { announceQueuedDeals, queueDeals } from '../analysis/service.ts';
import { planEvent } from './movement.ts';
import * as repo from './repo.ts';
import { assertActive, lockActiveEvent } from './service.ts';

// An event's deals: one board's set by hand, or a PBN file's imported, each refused once the board is in play.

/**
 * Which of an event's boards a table has acted on online. The play module owns those actions and answers it (its
 * service's `boardsActedOn`, given to the organiser routes), in the transaction that changes the deals.
 */
export type BoardsActedOn = (db: Db, tournamentId: string, boards: readonly number[]) => Promise<number[]>;

/** The refusal of a change of deals when any of these boards is in play or played. */
export const dealsInPlayMessage = (boards: readonly number[]) =>
  boards.length === 1
    ? `Board ${boards[0]} is in play or played: its deal can no longer change`
    : `Boards ${boards.join(', ')} are in play or played: their deals can no longer change`;

/**
 * Refuses (409) a change of the deals of boards that a table has acted on or that have a result line: the stored
 * play and the results were made on the deal as it is (a changed deal would no longer replay them). Run in the
 * transaction that changes them, after the event's lock, so a result posted meanwhile is seen.
 */
async function assertDealsNotInPlay(trx: Db, tournament: TournamentRow, boards: readonly number[], actedOn: BoardsActedOn) {
  const [acted, scored] = await Promise.all([actedOn(trx, tournament.id, boards), repo.listBoardsWithResults(trx, tournament.id, boards)]);
  const taken = [...new Set([...acted, ...scored])].sort((a, b) => a - b);
  if (taken.length > 0) throw conflict(dealsInPlayMessage(taken));
}

/** Sets the deal of one board (imported or hybrid events), refused once a table has acted on it or it has a line. */
export async function setBoardDeal(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  boardNo: number,
  dealText: string,
  actedOn: BoardsActedOn,
) {
  assertActive(tournament, 'deals');
  let deal;
  try {
    deal = parseDeal(dealText);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : 'Invalid deal');
  }
  if (tournament.handMode === 'Random') throw badRequest('This event deals its own random hands');
  await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'deals');
    await assertDealsNotInPlay(trx, tournament, [boardNo], actedOn);
    const updated = await repo.setDeal(trx, tournament.id, boardNo, formatDeal(deal));
    if (updated === 0) throw notFound(`Board ${boardNo} is not played in this event`);
    await queueDeals(trx, tournament.id, [{ deal: formatDeal(deal), dealer: dealerOf(boardNo), vulnerability: vulnerabilityOf(boardNo) }]);
  });
  announceQueuedDeals();
  await changes.emit({ kind: 'dealsChanged', key: tournament.key });
}

/** A game's own double-dummy analysis, or null when its tags are incomplete or cannot be read. */
function fileAnalysis(game: PbnGame): DealAnalysis | null {
  try {
    const analysis = readAnalysisTags(game);
    return analysis && { tricks: analysis.tricks, par: { score: analysis.par.score, contracts: [...analysis.par.contracts] } };
  } catch (error) {
    if (error instanceof PbnError) return null;
    throw error;
  }
}

/**
 * Imports the deals of a PBN file (imported or hybrid events): every game's Deal goes to its Board. All or
 * nothing: a bad deal, or a board the event does not play, refuses the whole file. The file's own double-dummy
 * analysis is kept with a board when its tags are complete and readable; otherwise it is left out and the deal
 * kept, as the solver makes its own (a BridgeWebs hand-records file has no OptimumScore).
 */
export async function importDeals(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  pbn: string,
  actedOn: BoardsActedOn,
): Promise<number> {
  assertActive(tournament, 'deals');
  if (tournament.handMode === 'Random') throw badRequest('This event deals its own random hands');
  let games, numbers;
  try {
    games = parsePbn(pbn);
    // A Board of "?" (unknown, PBN 2.1) takes the number after the previous game's.
    numbers = pbnBoardNumbers(games);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : 'This is not a PBN file');
  }
  const deals = new Map<number, string>();
  const analyses = new Map<number, DealAnalysis>();
  for (const [i, game] of games.entries()) {
    const board = numbers[i]!;
    const text = game.get('Deal')?.value.trim();
    if (!text || text === '?') continue;
    try {
      deals.set(board, formatDeal(parseDeal(text)));
    } catch (error) {
      throw badRequest(`Board ${board}: ${error instanceof Error ? error.message : 'invalid deal'}`);
    }
    const analysis = fileAnalysis(game);
    if (analysis) analyses.set(board, analysis);
  }
  if (deals.size === 0) throw badRequest('The file holds no deals');
  const played = new Set(planEvent(tournament).boards);
  const extra = [...deals.keys()].filter((board) => !played.has(board));
  if (extra.length) throw badRequest(`This event does not play board ${extra.join(', ')}`);
  await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'deals');
    await assertDealsNotInPlay(trx, tournament, [...deals.keys()], actedOn);
    for (const [board, deal] of deals) {
      await repo.setDeal(trx, tournament.id, board, deal, analyses.get(board) ?? null);
    }
    await queueDeals(
      trx,
      tournament.id,
      [...deals].map(([board, deal]) => ({ deal, dealer: dealerOf(board), vulnerability: vulnerabilityOf(board) })),
    );
    await recordAudit(trx, {
      action: 'tournament.import_deals',
      outcome: 'success',
      actorId: user.id,
      actorEmail: user.email,
      target: tournament.key,
      details: { boards: deals.size },
    });
  });
  announceQueuedDeals();
  await changes.emit({ kind: 'dealsChanged', key: tournament.key });
  return deals.size;
}
