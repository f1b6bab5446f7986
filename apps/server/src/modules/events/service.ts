import { randomBytes } from 'node:crypto';
import {
  dealerOf,
  formatDeal,
  nsScore,
  parseDeal,
  parsePbn,
  PbnError,
  pbnBoardNumbers,
  randomDeal,
  readAnalysisTags,
  scoreEvent,
  vulnerabilityOf,
  type PbnGame,
  type Seat,
  type Vulnerability,
} from '@bridge/engine';
import {
  EventFilters,
  messages,
  ParticipantFilters,
  seatNameOfSide,
  type CreateTournamentBody,
  type DealAnalysis,
  type EventResults,
  type AdminParticipant,
  type PastEvent,
  type PlayedResult,
  type PairStanding,
  type PostResultBody,
  type ResultLine,
  type ScoreData,
  type ScoreEntry,
} from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { BoardResultRow, TournamentRow, TournamentsTable, UserRow } from '../../db/schema.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import type { RateLimits } from '../../config.ts';
import { withinLimit, type AttemptCounter } from '../../lib/attempts.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { BATCH, cellsOnly, cursorPage, pages, parseQuery, sideName, table, when, yesNo, type Column, type Table } from '../../lib/exports/writers.ts';
import { recordAudit } from '../audits/service.ts';
import { announceQueuedDeals, findAnalyses, analysisKey, queueDeals } from '../analysis/service.ts';
import { seatPair } from './history.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { eventResultMail } from '../../mail/templates.ts';
import { pairNames, scheduledBoards, scoringMethodOf, travellerLineOf } from './interchange.ts';
import { planEvent, type EventPlan } from './movement.ts';
import { presentActiveEvent, presentParticipant, presentPastEvent } from './presenter.ts';
import * as repo from './repo.ts';

const KEY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no look-alikes (l, 1, o, 0)
/** A random event key of 10 characters (specification section 9). */
export const newEventKey = () => [...randomBytes(10)].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');

/** The event of this key, for the organiser and public routes (a 404 "Tournament not found" otherwise). */
export async function findTournament(db: Db, key: string): Promise<repo.EventRow> {
  const tournament = await repo.findEventByKey(db, key);
  if (!tournament) throw notFound('Tournament not found');
  return tournament;
}

/** What a completed event refuses to change, in its 409 message. */
export type Frozen = 'results' | 'players' | 'deals';
export const assertActive = (tournament: TournamentRow, what: Frozen = 'results') => {
  if (tournament.status !== 'active') throw conflict(`This event is complete; its ${what} can no longer change`);
};

/**
 * Locks the event's row for the rest of the transaction and answers it as it is now: every change of an event
 * (results, players, deals, completion) takes this lock first, so they run one after another, a change racing
 * `complete` sees the completed status, and one racing a delete finds no event (404) instead of a missing row.
 */
export async function lockActiveEvent(trx: Db, tournament: TournamentRow, what: Frozen): Promise<TournamentRow> {
  const current = await repo.lockEvent(trx, tournament.id);
  if (!current) throw notFound(messages.eventNotFound);
  assertActive(current, what);
  return current;
}

/**
 * Pairs are ranked by comparing results on the same board: a plan whose boards are each played once (a 4-pair
 * Howell cut to 3 rounds, say) would rank every pair equal at 0%. A sit-out (the phantom pair) plays nothing.
 */
function comparesABoard(plan: EventPlan): boolean {
  const phantom = plan.movement.phantomPair;
  const played = new Set<number>();
  for (const row of plan.rows) {
    if (phantom !== undefined && (row.ns === phantom || row.ew === phantom)) continue;
    for (const board of plan.boardsOf(row)) {
      if (played.has(board)) return true;
      played.add(board);
    }
  }
  return false;
}

/** The columns of a new event its maker chooses (the key, owner and completion are the platform's). */
export type NewEventValues = Omit<Insertable<TournamentsTable>, 'key' | 'organiserId' | 'xmlToken' | 'resultId' | 'completedAt'>;

/** The refusal of a plan whose boards are each played at one table only, or nothing when some board is compared. */
export function uncomparedPlan(plan: EventPlan, rounds: number): string | undefined {
  if (comparesABoard(plan)) return undefined;
  return `In ${rounds} round${rounds === 1 ? '' : 's'} this movement plays every board at one table only, so no result could be compared with another: play more rounds`;
}

/**
 * Writes a new event with its boards in one transaction: random events deal their boards now (and put them in line
 * for analysis), the others wait for their deals; the creation is audited with it.
 */
export async function insertNewEvent(
  db: Db,
  organiser: UserRow,
  values: NewEventValues,
  plan: EventPlan,
  audit: { action: string; ip: string; details?: Record<string, unknown> },
): Promise<TournamentRow> {
  const created = await db.transaction().execute(async (trx) => {
    const tournament = await repo.insertEvent(trx, {
      ...values,
      key: newEventKey(),
      organiserId: organiser.id,
      xmlToken: null,
      resultId: null,
      completedAt: null,
    });
    const boards = plan.boards.map((boardNo) => {
      const dealt = values.handMode === 'Random' ? randomDeal() : undefined;
      return {
        tournamentId: tournament.id,
        boardNo,
        deal: dealt ? formatDeal(dealt.deal) : null,
        dealIndex: dealt ? dealt.index.toString() : null,
        dealer: dealerOf(boardNo),
        vulnerability: vulnerabilityOf(boardNo),
      };
    });
    await insertInBatches(boards, (batch) => repo.insertBoards(trx, batch));
    await queueDeals(
      trx,
      tournament.id,
      boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : [])),
    );
    await recordAudit(trx, {
      action: audit.action,
      outcome: 'success',
      actorId: organiser.id,
      actorEmail: organiser.email,
      target: tournament.key,
      ip: audit.ip,
      ...(audit.details ? { details: audit.details } : {}),
    });
    return tournament;
  });
  announceQueuedDeals();
  return created;
}

/**
 * Creates an event as one of the events its user may create a window, the organiser API and the director's console
 * counted together: past them, 429. An event refused for what was sent is not counted.
 */
export const createCounted = <T>(ctx: { attempts: AttemptCounter; limits: RateLimits }, user: UserRow, create: () => Promise<T>) =>
  withinLimit(ctx.attempts, `create-event:${user.id}`, { max: ctx.limits.eventCreation, windowMs: ctx.limits.eventCreationWindowMs }, create);

/** Creates an event with its movement; random events deal their boards now. */
export async function createTournament(db: Db, organiser: UserRow, body: CreateTournamentBody, ip: string) {
  const details = body.gameDetails;
  const plan = planEvent({ tables: body.tables, rounds: details.rounds, boardsPerRound: body.boardsPerRound, movementType: details.movementType });
  const refusal = uncomparedPlan(plan, details.rounds);
  if (refusal) throw badRequest(refusal);
  return insertNewEvent(
    db,
    organiser,
    {
      tables: body.tables,
      boardsPerRound: body.boardsPerRound,
      type: details.type,
      typeName: details.typeName,
      players: details.players,
      rounds: details.rounds,
      movementType: details.movementType,
      scoreType: details.scoreType,
      impMethod: details.scoreType === 'IMP' ? (details.impMethod ?? 'Cross') : null,
      handMode: details.handgeneratedModeAsString,
      liveTableEvent: details.liveTableEvent ?? false,
      kibitzersEnabled: details.kibtzersEnabled ?? false,
    },
    plan,
    { action: 'tournament.create', ip },
  );
}

// The changes below trust their caller: the route's policy (event.change, policy.ts) allowed this user on this event.
export interface ParticipantInput {
  email?: string;
  names?: string;
  table: number;
  side: number;
  isBot: boolean;
}

/**
 * Seats players by email (bots by name); refuses a seat taken twice, changing nothing. An email with no account
 * is seated all the same and the answer is the same either way. A seat shows the name the organiser gave, else
 * the account's name (the name players show on results), else the address's local part; never the account's
 * phone (decision 018).
 */
export async function addParticipants(db: Db, user: UserRow, tournament: TournamentRow, participants: ParticipantInput[], ip: string) {
  assertActive(tournament, 'players');
  for (const p of participants) {
    if (p.table > tournament.tables) throw badRequest(`Table ${p.table} does not exist: this event has ${tournament.tables} tables`);
  }
  const seats = new Set<string>();
  for (const p of participants) {
    if (p.side < 0 || p.side > 3) continue;
    const seat = `${p.table}/${p.side}`;
    if (seats.has(seat)) throw badRequest(`Table ${p.table}, ${seatNameOfSide(p.side)} is given twice`);
    seats.add(seat);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockActiveEvent(trx, tournament, 'players');
      const emails = [...new Set(participants.flatMap((p) => (p.isBot || !p.email ? [] : [p.email])))];
      const accounts = new Map<string, { id: string; names: string }>();
      await insertInBatches(
        emails.map((email) => ({ email })),
        async (batch) => {
          const found = await repo.findAccountsByEmail(
            trx,
            batch.map((b) => b.email),
          );
          for (const account of found) accounts.set(account.email, account);
        },
      );
      const rows = participants.map((p) => {
        // A guest has a name and no email: no account, shown on the results by that name.
        const email = p.isBot ? undefined : p.email;
        const account = email ? accounts.get(email) : undefined;
        return {
          tournamentId: tournament.id,
          userId: account?.id ?? null,
          names: p.names || account?.names || (email ? email.split('@')[0]! : ''),
          email: email ?? null,
          tableNo: p.table,
          side: p.side,
          isBot: p.isBot,
        };
      });
      await insertInBatches(rows, (batch) => repo.insertParticipants(trx, batch));
      await recordAudit(trx, {
        action: 'tournament.participants',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        target: tournament.key,
        ip,
        details: { count: rows.length },
      });
      return rows.length;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest('A seat you gave is already taken at that table');
    throw error;
  }
}

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
export async function setBoardDeal(db: Db, user: UserRow, tournament: TournamentRow, boardNo: number, dealText: string, actedOn: BoardsActedOn) {
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
export async function importDeals(db: Db, user: UserRow, tournament: TournamentRow, pbn: string, actedOn: BoardsActedOn): Promise<number> {
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
  return deals.size;
}

/** The North-South score of a played board by Law 77 with the board's vulnerability; a passed-out board scores 0. */
export const scoreOfPlay = (
  play: Pick<PlayedResult, 'kind' | 'contract' | 'declarer' | 'tricks'> | { kind: 'passedOut' },
  vulnerability: Vulnerability,
): number => (play.kind === 'passedOut' ? 0 : nsScore(play.contract, play.declarer, play.tricks, vulnerability));

/**
 * Posts one traveller line, checked against the movement and scored by Law 77 with the board's vulnerability
 * (or the director's adjusted score, which answers null).
 * The same round/board/table again is a director's correction, recorded in the audit log.
 */
export async function postResult(db: Db, user: UserRow, tournament: TournamentRow, body: PostResultBody, ip: string): Promise<number | null> {
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
  return db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const board = await repo.findBoard(trx, tournament.id, body.board);
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
  for (const seat of await repo.listSeatedAccounts(trx, tournament)) {
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
  db: Db,
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
    await repo.markComplete(trx, tournament.id, { xmlToken, resultId, completedAt: new Date() });
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
  return completed;
}

/** Events in play and the latest completed ones, for the public `/tournaments` page. */
export async function recentEvents(db: Db, limit = 20) {
  const present = (t: TournamentRow) => ({
    key: t.key,
    name: t.typeName,
    movementType: t.movementType,
    scoreType: t.scoreType,
    tables: t.tables,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    resultsUrl: t.status === 'complete' ? `/results/${t.key}` : null,
  });
  const [live, completed] = await Promise.all([repo.listRecent(db, 'active', limit), repo.listRecent(db, 'complete', limit)]);
  return { live: live.map(present), completed: completed.map(present) };
}

/** A stored line as a traveller shows it, with its matchpoints or IMPs. */
export const presentLine = (r: BoardResultRow, scored: { ns: number; ew: number }): ResultLine => ({
  round: r.round,
  table: r.tableNo,
  nsPair: r.nsPair,
  ewPair: r.ewPair,
  contract: { level: r.level, strain: r.strain, doubled: r.doubled },
  declarer: r.declarer,
  tricks: r.tricks,
  nsScore: r.nsScore,
  adjusted: r.adjustedNs && r.adjustedEw ? { ns: r.adjustedNs, ew: r.adjustedEw } : null,
  ns: scored.ns,
  ew: scored.ew,
});

/**
 * The pairs' standings from the lines posted so far, with their players' names: the results page's ranking and the
 * director's provisional one. `scored.lines` follow `results`' order.
 */
export function standingsOf(
  tournament: TournamentRow,
  plan: EventPlan,
  results: readonly BoardResultRow[],
  seats: readonly { tableNo: number; side: number; names: string }[],
): { scored: ReturnType<typeof scoreEvent>; pairs: PairStanding[] } {
  const scored = scoreEvent(results.map(travellerLineOf), {
    method: scoringMethodOf(tournament),
    winners: plan.movement.winners,
    scheduledBoards: scheduledBoards(plan),
  });
  const namesOf = pairNames(plan, seats);
  const pairs = scored.pairs.map((p) => ({
    key: p.key,
    direction: p.direction,
    pair: p.pair,
    names: namesOf(p.direction, p.pair).map((n) => n.name),
    boards: p.boards,
    total: p.total,
    factoredTotal: p.factoredTotal,
    tops: p.tops,
    percentage: p.percentage,
    place: p.place,
    label: p.label,
  }));
  return { scored, pairs };
}

/** The results of an event as the results page shows them: computed from the posted lines, live or final. */
export async function eventResults(db: Db, tournament: TournamentRow, options: { analysisAvailable: boolean }): Promise<EventResults> {
  const plan = planEvent(tournament);
  const [boards, results, participants] = await Promise.all([
    repo.listBoards(db, tournament.id),
    repo.listResultsInOrder(db, tournament.id),
    repo.listSeatNames(db, tournament.id),
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

/** One board of the hand records: its deal (null when not known) and its analysis (null while pending). */
export interface HandRecordBoard {
  board: number;
  dealer: Seat;
  vulnerability: Vulnerability;
  deal: string | null;
  analysis: DealAnalysis | null;
}

export interface HandRecords {
  key: string;
  name: string;
  /** The day the event was played (created). */
  date: Date;
  boards: HandRecordBoard[];
}

/** What the hand records print: every board of the event in order, with its deal and double-dummy analysis. */
export async function handRecords(db: Db, tournament: TournamentRow): Promise<HandRecords> {
  const boards = await repo.listBoards(db, tournament.id);
  const analyses = await findAnalyses(
    db,
    boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : [])),
  );
  return {
    key: tournament.key,
    name: tournament.typeName,
    date: tournament.createdAt,
    boards: boards.map((b) => ({
      board: b.boardNo,
      dealer: b.dealer,
      vulnerability: b.vulnerability,
      deal: b.deal,
      analysis: (b.deal && analyses.get(analysisKey({ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }))) || null,
    })),
  };
}

/**
 * What deleting an account does to events, in the deletion's transaction before the user row goes: the events it
 * organised are deleted (their seats, boards and results with them), and its seats in other organisers' events
 * keep the name, so those results still read right, but lose the account and its email address.
 */
export async function forgetAccount(db: Db, userId: string): Promise<{ eventsDeleted: number; deletedKeys: string[]; changedKeys: string[] }> {
  const { deleted, seated } = await repo.forgetAccount(db, userId);
  return { eventsDeleted: deleted.length, deletedKeys: deleted, changedKeys: seated };
}

/**
 * Tells every instance that these events were deleted, once the deletion is committed: the one path of an admin's
 * deletion and an account's (docs/play-protocol.md). Their table sockets are told and closed, their tables stop,
 * and the phones' and live views' streams say `deleted` and end.
 */
export async function announceDeleted(app: { eventDeletions: { changed(key: string): Promise<void> } }, keys: readonly string[]) {
  for (const key of keys) await app.eventDeletions.changed(key);
}

/**
 * Tells every instance that these events changed, once an account's deletion is committed: their seats of that
 * account lost it, so a table in play gives such a seat to a robot at once instead of waiting for the player.
 */
export async function announceChanged(app: { eventChanges: { changed(key: string): Promise<void> } }, keys: readonly string[]) {
  for (const key of keys) await app.eventChanges.changed(key);
}

/** How many events each of these accounts organised (absent: none), for the admin's user list. */
export const countOrganisedEvents = (db: Db, userIds: readonly string[]) => repo.countOrganisedEvents(db, userIds);

/** The ids of the accounts seated in the organiser's complete events: whom their director search knows (decision 058). */
export async function playersOfOrganiser(db: Db, organiserId: string): Promise<string[]> {
  return (await repo.listPlayersOfOrganiser(db, organiserId)).flatMap((row) => (row.userId ? [row.userId] : []));
}

// Lists, the user console and the admin's changes ------------------------------------------------------------

export interface AdminActor {
  user: UserRow;
  ip: string;
}

/** Past-event records of these events, each with its scoreData, read in two queries for the whole page. */
export async function presentPastEvents(db: Db, rows: repo.EventRow[]): Promise<PastEvent[]> {
  const ids = rows.map((row) => row.id);
  const [lines, seats] = await Promise.all([repo.scoreRows(db, ids), repo.seatRows(db, ids)]);
  return rows.map((row) =>
    presentPastEvent(
      row,
      lines.filter((l) => l.tournamentId === row.id),
      seats.filter((s) => s.tournamentId === row.id),
    ),
  );
}

export async function listActiveEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEvents(db, 'active', filters, page), page.limit, (row) => row.id);
  return { data: rows.map(presentActiveEvent), lastDocId };
}

export async function listPastEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEventsWithScores(db, 'complete', filters, page), page.limit, (row) => row.id);
  return { data: rows.map((row) => presentPastEvent(row, row.lines, row.seats)), lastDocId };
}

/**
 * One event of a user's own (organised or played in) with its participants and scoreData, for the user console.
 * Anyone else's event is "not found", not "forbidden": the console never learns that it exists.
 */
export async function findOwnEvent(db: Db, userId: string, key: string) {
  const event = await repo.findEventByKey(db, key);
  const organiser = event?.organiserId === userId;
  if (!event || (!organiser && !(await repo.hasSeat(db, event.id, userId)))) throw notFound(messages.eventNotFound);
  const [record] = await presentPastEvents(db, [event]);
  const seats = await repo.listParticipants(db, event.id, {});
  // Nobody reads another player's phone; a player reads only names of the others (the organiser also the
  // emails they seated), and their own details.
  const participants = seats.map((p) => {
    const shown = presentParticipant(event.key, p);
    if (p.userId === userId) return shown;
    return { ...shown, userData: { names: p.names, email: organiser ? p.email : null, contact: null } };
  });
  // While the event is in play a player sees only the lines their own pair played, not the boards still to come; an
  // organiser who plays in it too is such a player (decision 057).
  const own = seats.filter((p) => p.userId === userId);
  const plays = own.some((p) => p.side >= 0 && p.side <= 3);
  const scoreData = (organiser && !plays) || event.status === 'complete' ? record!.scoreData : ownLines(event, record!.scoreData, own);
  return { ...record!, scoreData, status: event.status, participants };
}

/** The lines of scoreData played by the pairs of these seats (round 1 seats, as `seatPair` reads them). */
function ownLines(event: repo.EventRow, scoreData: ScoreData, seats: repo.ParticipantRow[]): ScoreData {
  let plan;
  try {
    plan = planEvent(event);
  } catch {
    return {};
  }
  const pairs = seats.flatMap((s) => seatPair(plan, s.tableNo, s.side) ?? []);
  const plays = (entry: ScoreEntry) =>
    pairs.some((p) => (p.direction !== 'EW' && entry.ns === p.pairNo) || (p.direction !== 'NS' && entry.ew === p.pairNo));
  const own: ScoreData = {};
  for (const [round, boards] of Object.entries(scoreData)) {
    for (const [board, tables] of Object.entries(boards)) {
      for (const [table, entry] of Object.entries(tables)) {
        if (plays(entry)) ((own[round] ??= {})[board] ??= {})[table] = entry;
      }
    }
  }
  return own;
}

/** Deletes an event with its participants, board results, pair scores and boards, audited in the same transaction. */
export async function deleteEvent(db: Db, actor: AdminActor, key: string) {
  return db.transaction().execute(async (trx) => {
    const event = await repo.findEventByKey(trx, key);
    if (!event) throw notFound(messages.eventNotFound);
    const deleted = await repo.deleteEvent(trx, event.id);
    await recordAudit(trx, {
      action: 'admin.event.delete',
      outcome: 'success',
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      target: key,
      ip: actor.ip,
      details: { status: event.status, title: event.typeName, organiser: event.organiserEmail, ...deleted },
    });
    return { message: messages.eventDeleted, deleted };
  });
}

// Participants -------------------------------------------------------------------------------------------------

export async function listParticipants(db: Db, filters: ParticipantFilters): Promise<AdminParticipant[]> {
  const event = await repo.findEventByKey(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  return (await repo.listParticipants(db, event.id, filters)).map((row) => presentParticipant(event.key, row));
}

// Exports and figures ----------------------------------------------------------------------------------------

/** The event exports' columns; the cells come formatted from the database in this order (repo.exportEvents). */
const eventColumns = (past: boolean) => [
  { header: 'Organiser', width: 22 },
  { header: 'Organiser Email', width: 28 },
  { header: 'Event Name', width: 14 },
  { header: 'Title', width: 24 },
  { header: 'Tables', width: 8 },
  { header: 'Live Table (Scorer)', width: 10 },
  { header: 'Movement', width: 11 },
  { header: 'Scoring', width: 12 },
  { header: 'Hand Generation', width: 12 },
  { header: 'Kibitzers Allowed', width: 10 },
  { header: 'Created At', width: 17 },
  ...(past ? [{ header: 'Completed At', width: 17 }] : []),
];

/** The `active-events` and `past-events` exports. */
export const exportEvents =
  (status: 'active' | 'complete') =>
  async (db: Db, query: unknown): Promise<Table> => {
    const filters = parseQuery(EventFilters, query);
    const batches = pages(async (lastDocId) =>
      cursorPage(await repo.exportEvents(db, status, filters, { limit: BATCH, page: 1, lastDocId }), (r) => r.id),
    );
    const dataset = status === 'active' ? 'active-events' : 'past-events';
    return {
      prefix: dataset,
      title: status === 'active' ? 'Active Events' : 'Past Events',
      columns: eventColumns(status === 'complete'),
      batches: cellsOnly(batches),
    };
  };

/** The `participants` export: one event's seats. */
export async function exportParticipants(db: Db, query: unknown): Promise<Table> {
  const filters = parseQuery(ParticipantFilters, query);
  const event = await repo.findEventByKey(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  const columns: Column<repo.ParticipantRow>[] = [
    { header: 'Name', width: 24, value: (r) => r.names },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Contact', width: 16, value: (r) => r.contact },
    { header: 'Table', width: 9, value: (r) => `Table ${r.tableNo}` },
    { header: 'Table Side', width: 10, value: (r) => sideName(r.side) },
    { header: 'Bot', width: 6, value: (r) => yesNo(r.isBot) },
    { header: 'Registered At', width: 17, value: (r) => when(r.registeredAt) },
    { header: 'Created At', width: 17, value: (r) => when(r.createdAt) },
    { header: 'Updated At', width: 17, value: (r) => when(r.editedAt) },
  ];
  // An event's participants are a few hundred at most: one read.
  return table(
    `participants-${event.key}`,
    `Participants of ${event.key}`,
    columns,
    pages(async () => ({ rows: await repo.listParticipants(db, event.id, filters), lastDocId: null })),
  );
}

/** The Dashboard's active-events (by creation) and completed-events (by completion) figures. */
export const weeklyEvents = (db: Db, status: 'active' | 'complete', now: Date): Promise<WeeklyCounts> => repo.weeklyEvents(db, status, now);

// What other modules read of an event ----------------------------------------------------------------------------

/** The event of this key, or undefined (the video rooms answer their own "unknown table"). */
export const findEvent = (db: Db, key: string) => repo.findEventByKey(db, key);

/** The events in play where a user has a seat at a table, oldest first. */
export const eventsInPlaySeating = (db: Db, userId: string) => repo.listEventsInPlaySeating(db, userId);

/** A user's seats at one event. */
export const seatsOfUser = (db: Db, tournamentId: string, userId: string) => repo.findSeats(db, tournamentId, userId);

/**
 * The refusal of a view of other tables or of deals to an organiser or admin who plays in the event, until it is
 * complete (decision 057): while it is in play they are a player, and see what a player sees.
 */
export const playingDirectorMessage = 'You play in this event: until it is complete you see only your own table, as every player does';

/** Whether the user holds a player's seat in the event (sides 0-3; a participant with another side kibitzes). */
export const playsInEvent = async (db: Db, tournamentId: string, userId: string): Promise<boolean> =>
  (await repo.findSeats(db, tournamentId, userId)).some((seat) => seat.side >= 0 && seat.side <= 3);

/** How many results each round of the event has in. */
export const resultsByRound = (db: Db, tournamentId: string) => repo.countResultsByRound(db, tournamentId);

/** The names of each pair of the event by its round-1 seats (`namesOf('NS', 3)`), as the printed cards show them. */
export async function pairNamesOfEvent(db: Db, tournament: TournamentRow) {
  return pairNames(planEvent(tournament), await repo.listAllParticipants(db, tournament.id));
}

/** The completed event whose USEBIO link carries this token. */
export async function findEventByXmlToken(db: Db, xmlToken: string) {
  const tournament = await repo.findEventByXmlToken(db, xmlToken);
  if (!tournament) throw notFound('No results file has that link');
  return tournament;
}
