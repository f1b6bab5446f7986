import type { Movement, MovementRow } from '@bridge/engine';
import { videoChannelName, type DealsChoice, type GridCell, type LiveView, type WithdrawnEntry } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { BoardResultRow, TournamentRow, UserRow } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { clockOf, listBoards, lockActiveEvent, planEvent, presentDirectedEvent, type EventRow } from '../events/service.ts';
import { entriesOf, listAllParticipants } from '../entries/service.ts';
import { listDisputedClaims } from './online-tables.ts';
import * as repo from './repo.ts';
import { standingsOf } from './scoring.ts';
import { enteredResult } from './table-results.ts';

// The director's live view of a club session (modules/directing), and the boards the director marks not played.

/** A row of the plan where one side is the phantom: that table sits out the round. */
const sitsOut = (movement: Movement, row: MovementRow) =>
  movement.phantomPair !== undefined && (row.ew === movement.phantomPair || (movement.winners === 1 && row.ns === movement.phantomPair));

/** Marks (or unmarks) a board of the plan as not played at a table in a round: no result is then expected there. */
export async function setNotPlayed(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  at: { round: number; table: number; board: number; notPlayed: boolean },
  ip: string,
): Promise<boolean> {
  const plan = planEvent(tournament);
  const row = plan.rows.find((r) => r.round === at.round && r.table === at.table);
  if (!row) throw fieldError('table', `Table ${at.table} does not play in round ${at.round}`);
  if (sitsOut(plan.movement, row)) throw fieldError('table', `Table ${at.table} has the sit-out in round ${at.round}: it plays no boards`);
  if (!plan.boardsOf(row).includes(at.board)) throw fieldError('board', `Board ${at.board} is not played at table ${at.table} in round ${at.round}`);
  await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const key = { tournamentId: tournament.id, round: at.round, tableNo: at.table, boardNo: at.board };
    if (at.notPlayed) await repo.insertNotPlayed(trx, key);
    else await repo.deleteNotPlayed(trx, key);
    await recordAudit(trx, {
      action: 'direct.not_played',
      outcome: 'success',
      actorId: user.id,
      actorEmail: user.email,
      target: tournament.key,
      ip,
      details: { round: at.round, table: at.table, board: at.board, notPlayed: at.notPlayed },
    });
  });
  await changes.emit({ kind: 'boardNotPlayed', key: tournament.key });
  return at.notPlayed;
}

// The live view --------------------------------------------------------------------------------------------------

/** "4SX N", "3NT S", "Passed out"; null for an adjusted score. */
function contractText(r: BoardResultRow): string | null {
  if (r.adjustedNs && r.adjustedEw) return null;
  return playedContract(r);
}

const playedContract = (r: Pick<BoardResultRow, 'level' | 'strain' | 'doubled' | 'declarer'>): string =>
  r.level === 0 || !r.strain ? 'Passed out' : `${r.level}${r.strain}${'X'.repeat(r.doubled)} ${r.declarer ?? ''}`.trim();

/**
 * The director's live view: the event, its round clock, every table of every round with each board's state (a
 * missing board is late once its round is behind, or its round's time has run out), the provisional ranking from
 * the lines so far, the entries, and the online tables' open calls for the director.
 */
export async function liveView(db: Db, tournament: EventRow, now: number = Date.now()): Promise<LiveView> {
  const plan = planEvent(tournament);
  const [results, notPlayed, participants, boards, calls, disputes, withdrawals] = await Promise.all([
    repo.listResultsInOrder(db, tournament.id),
    repo.listNotPlayed(db, tournament.id),
    listAllParticipants(db, tournament.id),
    listBoards(db, tournament.id),
    repo.listDirectorCalls(db, tournament.id),
    listDisputedClaims(db, tournament),
    repo.listWithdrawnEntries(db, tournament.id),
  ]);
  const withdrawnAt = new Map<string, WithdrawnEntry[]>();
  for (const w of withdrawals) {
    const at = `${w.round}/${w.tableNo}/${w.boardNo}`;
    const shown = { entry: enteredResult(w), contract: playedContract(w), nsScore: w.nsScore, at: w.withdrawnAt.toISOString(), reason: w.reason };
    withdrawnAt.set(at, [...(withdrawnAt.get(at) ?? []), shown]);
  }
  const clock = clockOf(tournament, now);
  const started = tournament.startedAt !== null && tournament.status === 'active';
  const resultAt = new Map(results.map((r) => [`${r.round}/${r.tableNo}/${r.boardNo}`, r]));
  const skipped = new Set(notPlayed.map((n) => `${n.round}/${n.tableNo}/${n.boardNo}`));
  const behind = (round: number) =>
    started && (round < tournament.currentRound || (round === tournament.currentRound && clock.elapsedMs > clock.roundMs));
  const grid: GridCell[] = [...plan.rows]
    .sort((a, b) => a.round - b.round || a.table - b.table)
    .map((row) => {
      const sitOut = sitsOut(plan.movement, row);
      return {
        round: row.round,
        table: row.table,
        nsPair: row.ns,
        ewPair: row.ew,
        sitOut,
        boards: sitOut
          ? []
          : plan.boardsOf(row).map((board) => {
              const at = `${row.round}/${row.table}/${board}`;
              const line = resultAt.get(at);
              const adjusted = line?.adjustedNs && line.adjustedEw ? { ns: line.adjustedNs, ew: line.adjustedEw } : null;
              const status = line ? line.status : skipped.has(at) ? ('notPlayed' as const) : ('missing' as const);
              return {
                board,
                status,
                late: status === 'missing' && behind(row.round),
                nsScore: line && !adjusted ? line.nsScore : null,
                adjusted,
                contract: line ? contractText(line) : null,
                entry: line && !adjusted ? enteredResult(line) : null,
                withdrawn: withdrawnAt.get(at) ?? [],
              };
            }),
      };
    });
  const { pairs } = standingsOf(tournament, plan, results, participants);
  const deals: DealsChoice =
    tournament.handMode === 'Random' ? 'random' : boards.some((b) => b.deal) || tournament.handMode === 'Hybrid' ? 'pbn' : 'by-hand';
  return {
    event: {
      ...presentDirectedEvent(tournament),
      boardsPerRound: tournament.boardsPerRound,
      minutesPerBoard: Number(tournament.minutesPerBoard),
      showTravellers: tournament.showTravellers,
      online: tournament.liveTableEvent,
      videoChannels: tournament.liveTableEvent
        ? Array.from({ length: tournament.tables }, (_, i) => videoChannelName(tournament.key, tournament.type, i))
        : null,
      deals,
      winners: plan.movement.winners,
    },
    clock,
    grid,
    ranking: pairs,
    entries: entriesOf(plan, participants),
    directorCalls: calls.map((call) => ({ table: call.tableNo, seat: call.seat, at: call.calledAt.toISOString() })),
    disputedClaims: disputes,
  };
}
