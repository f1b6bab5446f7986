import { randomBytes } from 'node:crypto';
import { scoreEvent } from '@bridge/engine';
import { messages, type EventResults, type PostResultBody } from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { eventResultMail } from '../../mail/templates.ts';
import { recordAudit } from '../audits/service.ts';
import { analysisKey, findAnalyses } from '../analysis/service.ts';
import {
  assertActive,
  findBoard,
  listBoards,
  lockActiveEvent,
  markComplete,
  planEvent,
  scoringMethodOf,
  seatPair,
  type EventPlan,
} from '../events/service.ts';
import { listSeatedAccounts, listSeatNames } from '../entries/service.ts';
import * as repo from './repo.ts';
import { presentLine, scheduledBoards, scoreOfPlay, standingsOf, travellerLineOf } from './scoring.ts';

// The results module's door: an event's lines (posted by the organiser, entered at the tables, played out online),
// their scores and standings, the completion that stores the ranking, the results page and files, the director's
// live view, and the online tables' calls for the director. Other modules import this file only.

export { presentLine, scheduledBoards, scoreOfPlay, standingsOf, travellerLineOf } from './scoring.ts';
export {
  boardPlays,
  boardTraveller,
  confirmTableResult,
  enterTableResult,
  notStartedMessage,
  rejectTableResult,
  tableState,
  tableTraveller,
  type BoardPlay,
} from './table-results.ts';
export {
  answerDirectorCall,
  boardDeal,
  callDirector,
  clearDisputedClaim,
  findDirectorCall,
  flagDisputedClaim,
  listDirectorCalls,
  listDisputedClaims,
  onlineTable,
  readOnlineTables,
  recordPlayedBoard,
  type DirectorCall,
  type DisputedClaimFlag,
  type OnlineTable,
  type OnlineTables,
} from './online-tables.ts';
export { liveView, setNotPlayed } from './live-view.ts';
export { eventPbn, usebioXml } from './interchange.ts';

/**
 * Posts one traveller line, checked against the movement and scored by Law 77 with the board's vulnerability
 * (or the director's adjusted score, which answers null).
 * The same round/board/table again is a director's correction, recorded in the audit log.
 */
export async function postResult(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  body: PostResultBody,
  ip: string,
): Promise<number | null> {
  assertActive(tournament);
  const plan = planEvent(tournament);
  const row = plan.rows.find((r) => r.round === body.round && r.table === body.table);
  if (!row) throw badRequest(`Table ${body.table} does not play in round ${body.round}`);
  if (row.ns !== body.nsPair || row.ew !== body.ewPair) {
    throw badRequest(`In round ${body.round}, table ${body.table} is NS pair ${row.ns} against EW pair ${row.ew}`);
  }
  if (!plan.boardsOf(row).includes(body.board)) {
    throw badRequest(`Board ${body.board} is not played at table ${body.table} in round ${body.round}`);
  }
  const answer = await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const board = await findBoard(trx, tournament.id, body.board);
    if (!board) throw notFound(messages.eventNotFound);
    // A passed-out board and an adjusted score store no contract; only a played board has a score to compute.
    const score = body.kind === 'adjusted' ? null : scoreOfPlay(body, board.vulnerability);
    const adjusted = body.kind === 'adjusted' ? body.adjusted : null;
    const played = body.kind === 'played' ? body : null;
    const values = {
      nsPair: body.nsPair,
      ewPair: body.ewPair,
      declarer: played?.declarer ?? null,
      level: played?.contract.level ?? 0,
      strain: played?.contract.strain ?? null,
      doubled: played?.contract.doubled ?? 0,
      tricks: played?.tricks ?? null,
      // A played line's lead as given (left out, a correction keeps the one it had); none without a contract.
      ...(played ? (played.lead === undefined ? {} : { lead: played.lead }) : { lead: null }),
      nsScore: score ?? 0,
      adjustedNs: adjusted?.ns ?? null,
      adjustedEw: adjusted?.ew ?? null,
      // The director's line needs nobody's confirmation; it also confirms a table's entry it corrects.
      status: 'confirmed' as const,
    };
    const before = await repo.findResult(trx, tournament.id, body);
    if (before) {
      await repo.updateResult(trx, before.id, { ...values, editedAt: new Date() });
      await recordAudit(trx, {
        action: 'result.correct',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        target: `${tournament.key} r${body.round} b${body.board} t${body.table}`,
        ip,
        details: {
          before: {
            contract: `${before.level}${before.strain ?? ''}${'X'.repeat(before.doubled)}`,
            declarer: before.declarer,
            tricks: before.tricks,
            lead: before.lead,
            score: before.nsScore,
            adjusted: before.adjustedNs ? `${before.adjustedNs}/${before.adjustedEw}` : null,
          },
          after: { score, adjusted: adjusted ? `${adjusted.ns}/${adjusted.ew}` : null },
        },
      });
    } else {
      await repo.insertResult(trx, { tournamentId: tournament.id, round: body.round, boardNo: body.board, tableNo: body.table, ...values });
    }
    return score;
  });
  await changes.emit({ kind: 'resultPosted', key: tournament.key });
  return answer;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** The place as a player reads it: "3rd of 12", or "2= of 12" for a shared place. */
export const placeText = (label: string, place: number, field: number) => `${label.endsWith('=') ? label : ordinal(place)} of ${field}`;

/** The score as a player reads it: "56.25%" for matchpoints, "+12.5 IMPs" otherwise. */
const scoreText = (pair: { percentage: number | null; total: number; factoredTotal: number | null }) => {
  if (pair.percentage !== null) return `${(Math.round(pair.percentage * 100) / 100).toFixed(2)}%`;
  const imps = Math.round((pair.factoredTotal ?? pair.total) * 100) / 100;
  return `${imps > 0 ? '+' : ''}${imps} IMPs`;
};

/** A player's own pair on the results page: `/results/{key}?pair={pairKey}` (the page marks that pair). */
export const pairResultsUrl = (publicUrl: string, key: string, pairKey: string) =>
  `${publicUrl.replace(/\/$/, '')}/results/${encodeURIComponent(key)}?pair=${encodeURIComponent(pairKey)}`;

/**
 * Each seated account's mail with its place and score, written in the completion's transaction: guests and bots
 * have no account, so none; an account the director picked gets one only if its owner chose to be found or played
 * in the organiser's earlier events (decision 058); a player seated twice gets one mail a pair.
 */
async function mailResults(
  trx: Db,
  tournament: TournamentRow,
  plan: EventPlan,
  pairs: readonly {
    key: string;
    direction: 'NS' | 'EW' | null;
    place: number;
    label: string;
    percentage: number | null;
    total: number;
    factoredTotal: number | null;
  }[],
  publicUrl: string,
): Promise<number> {
  const byKey = new Map(pairs.map((p) => [p.key, p]));
  const fieldOf = (direction: 'NS' | 'EW' | null) => pairs.filter((p) => p.direction === direction).length;
  const sent = new Set<string>();
  for (const seat of await listSeatedAccounts(trx, tournament)) {
    const pair = seatPair(plan, seat.tableNo, seat.side);
    const scored = pair && byKey.get(pair.key);
    if (!scored || sent.has(`${seat.email}\u0000${scored.key}`)) continue;
    sent.add(`${seat.email}\u0000${scored.key}`);
    await enqueueMail(
      trx,
      seat.email,
      eventResultMail({
        names: seat.names,
        event: tournament.typeName,
        place: placeText(scored.label, scored.place, fieldOf(scored.direction)),
        score: scoreText(scored),
        link: pairResultsUrl(publicUrl, tournament.key, scored.key),
      }),
    );
  }
  return sent.size;
}

/**
 * Closes the event: pair scores and ranks computed and stored in one transaction with the status change, and each
 * player with an account mailed their place, score and a link to their pair (`mailer` delivers after commit).
 */
export async function completeTournament(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  ip: string,
  mail?: { publicUrl: string; mailer: Pick<Mailer, 'kick'> },
) {
  assertActive(tournament);
  const plan = planEvent(tournament);
  const completed = await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const results = await repo.listResults(trx, tournament.id);
    if (results.length === 0) throw badRequest('No results have been posted for this event');
    const lines = results.map(travellerLineOf);
    const scored = scoreEvent(lines, { method: scoringMethodOf(tournament), winners: plan.movement.winners, scheduledBoards: scheduledBoards(plan) });
    await repo.deletePairScores(trx, tournament.id);
    const pairScores = scored.pairs.map((p) => ({
      tournamentId: tournament.id,
      pairKey: p.key,
      direction: p.direction,
      pairNo: p.pair,
      boards: p.boards,
      total: p.total,
      tops: p.tops,
      percentage: p.percentage,
      place: p.place,
      label: p.label,
    }));
    await insertInBatches(pairScores, (batch) => repo.insertPairScores(trx, batch));
    const xmlToken = randomBytes(24).toString('base64url');
    const resultId = randomBytes(10).toString('hex');
    await markComplete(trx, tournament.id, { xmlToken, resultId, completedAt: new Date() });
    const mailed = mail ? await mailResults(trx, tournament, plan, scored.pairs, mail.publicUrl) : 0;
    await recordAudit(trx, {
      ...(mailed ? { details: { mailed } } : {}),
      action: 'tournament.complete',
      outcome: 'success',
      actorId: user.id,
      actorEmail: user.email,
      target: tournament.key,
      ip,
    });
    return { xmlToken, resultId };
  });
  mail?.mailer.kick();
  await changes.emit({ kind: 'eventCompleted', key: tournament.key });
  return completed;
}

/** The results of an event as the results page shows them: computed from the posted lines, live or final. */
export async function eventResults(db: Db, tournament: TournamentRow, options: { analysisAvailable: boolean }): Promise<EventResults> {
  const plan = planEvent(tournament);
  const [boards, results, participants] = await Promise.all([
    listBoards(db, tournament.id),
    repo.listResultsInOrder(db, tournament.id),
    listSeatNames(db, tournament.id),
  ]);
  const dealt = boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : []));
  const analyses = await findAnalyses(db, dealt);
  const method = scoringMethodOf(tournament);
  const { scored, pairs } = standingsOf(tournament, plan, results, participants);
  return {
    key: tournament.key,
    name: tournament.typeName,
    movementType: tournament.movementType,
    scoreType: tournament.scoreType,
    scoringMethod: method,
    winners: plan.movement.winners,
    status: tournament.status,
    createdAt: tournament.createdAt.toISOString(),
    completedAt: tournament.completedAt?.toISOString() ?? null,
    pairs,
    boards: boards.map((board) => ({
      board: board.boardNo,
      dealer: board.dealer,
      vulnerability: board.vulnerability,
      deal: board.deal,
      // The solver's analysis; until it is there (or without a solver), the one the deal's PBN import carried.
      analysis:
        (board.deal && analyses.get(analysisKey({ deal: board.deal, dealer: board.dealer, vulnerability: board.vulnerability }))) ||
        board.importedAnalysis ||
        null,
      lines: results.flatMap((r, i) => (r.boardNo !== board.boardNo ? [] : [presentLine(r, scored.lines[i]!)])),
    })),
    xmlUrl: tournament.xmlToken ? `/api/v1/tournaments/files/download/${tournament.xmlToken}` : null,
    pbnUrl: `/api/v1/tournaments/${tournament.key}/pbn`,
    analysisAvailable: options.analysisAvailable,
  };
}
