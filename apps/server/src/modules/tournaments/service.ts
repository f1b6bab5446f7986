import { randomBytes } from 'node:crypto';
import {
  dealerOf, exportPbn, exportUsebio, formatDeal, nsScore, parseDeal, parsePbn, pbnBoardNumbers, randomDeal, scoreEvent, vulnerabilityOf,
  type Contract, type ScoringMethod, type Seat, type TravellerLine, type Vulnerability,
} from '@bridge/engine';
import { messages, type CreateTournamentBody, type EventResults, type PostResultBody } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { BoardResultRow, TournamentRow, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { scheduledBoards, seatsOf } from './interchange.ts';
import { planEvent } from './movement.ts';

const KEY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no look-alikes (l, 1, o, 0)
/** A random event key of 10 characters (specification section 9). */
export const newEventKey = () => [...randomBytes(10)].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');

export async function findTournament(db: Db, key: string): Promise<TournamentRow> {
  const tournament = await db.selectFrom('tournaments').selectAll().where('key', '=', key).executeTakeFirst();
  if (!tournament) throw notFound('Tournament not found');
  return tournament;
}

/** Only the organiser of an event, or an admin, may change it. */
export function assertCanManage(user: UserRow, tournament: TournamentRow): void {
  if (tournament.organiserId !== user.id && user.role !== 'admin') throw forbidden('Only the organiser of this event can change it');
}

/** What a completed event refuses to change, in its 409 message. */
type Frozen = 'results' | 'players' | 'deals';
const assertActive = (tournament: TournamentRow, what: Frozen = 'results') => {
  if (tournament.status !== 'active') throw conflict(`This event is complete; its ${what} can no longer change`);
};

/**
 * Locks the event's row for the rest of the transaction and answers it as it is now: every change of an event
 * (results, players, deals, completion) takes this lock first, so they run one after another, a change racing
 * `complete` sees the completed status, and one racing a delete finds no event (404) instead of a missing row.
 */
async function lockActiveEvent(trx: Db, tournament: TournamentRow, what: Frozen): Promise<TournamentRow> {
  const current = await trx.selectFrom('tournaments').selectAll().where('id', '=', tournament.id).forUpdate().executeTakeFirst();
  if (!current) throw notFound(messages.eventNotFound);
  assertActive(current, what);
  return current;
}

/**
 * Parameters in one statement: PostgreSQL's protocol counts them in 16 bits (at most 32,767 in PGlite), and a
 * statement past that leaves PGlite's connection unusable; every insert whose row count grows with the event is
 * cut into statements below it.
 */
const MAX_PARAMETERS = 10_000;
export async function insertInBatches<T extends Record<string, unknown>>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * Pairs are ranked by comparing results on the same board: a plan whose boards are each played once (a 4-pair
 * Howell cut to 3 rounds, say) would rank every pair equal at 0%. A sit-out (the phantom pair) plays nothing.
 */
function comparesABoard(plan: ReturnType<typeof planEvent>): boolean {
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

/** Creates an event with its movement; random events deal their boards now. */
export async function createTournament(db: Db, organiser: UserRow, body: CreateTournamentBody, ip: string) {
  const details = body.gameDetails;
  const plan = planEvent({ tables: body.tables, rounds: details.rounds, boardsPerRound: body.boardsPerRound, movementType: details.movementType });
  if (!comparesABoard(plan)) {
    throw badRequest(`In ${details.rounds} round${details.rounds === 1 ? '' : 's'} this movement plays every board at one table only, so no result could be compared with another: play more rounds`);
  }
  return db.transaction().execute(async (trx) => {
    const tournament = await trx
      .insertInto('tournaments')
      .values({
        key: newEventKey(),
        organiserId: organiser.id,
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
        xmlToken: null,
        resultId: null,
        completedAt: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const boards = plan.boards.map((boardNo) => {
      const dealt = details.handgeneratedModeAsString === 'Random' ? randomDeal() : undefined;
      return {
        tournamentId: tournament.id,
        boardNo,
        deal: dealt ? formatDeal(dealt.deal) : null,
        dealIndex: dealt ? dealt.index.toString() : null,
        dealer: dealerOf(boardNo),
        vulnerability: vulnerabilityOf(boardNo),
      };
    });
    await insertInBatches(boards, (batch) => trx.insertInto('boards').values(batch).execute());
    await recordAudit(trx, { action: 'tournament.create', outcome: 'success', actorId: organiser.id, actorEmail: organiser.email, target: tournament.key, ip });
    return tournament;
  });
}

/** The join record's `details` JSON string (specification section 3). */
export const detailsJson = (t: TournamentRow) =>
  JSON.stringify({
    type: t.type, typeName: t.typeName, players: t.players, rounds: t.rounds, movementType: t.movementType,
    scoreType: t.scoreType, handgeneratedModeAsString: t.handMode, liveTableEvent: t.liveTableEvent,
    kibtzersEnabled: t.kibitzersEnabled,
  });

export interface ParticipantInput { email?: string; names?: string; table: number; side: number; isBot: boolean }

/**
 * Seats players by email (bots by name); refuses a seat taken twice, changing nothing. An email with no account
 * is seated all the same and the answer is the same either way. A seat shows the name the organiser gave, else
 * the account's name (the name players show on results), else the address's local part; never the account's
 * phone (decision 018).
 */
export async function addParticipants(db: Db, user: UserRow, tournament: TournamentRow, participants: ParticipantInput[], ip: string) {
  assertCanManage(user, tournament);
  assertActive(tournament, 'players');
  for (const p of participants) {
    if (p.table > tournament.tables) throw badRequest(`Table ${p.table} does not exist: this event has ${tournament.tables} tables`);
  }
  const seats = new Set<string>();
  for (const p of participants) {
    if (p.side < 0 || p.side > 3) continue;
    const seat = `${p.table}/${p.side}`;
    if (seats.has(seat)) throw badRequest(`Table ${p.table}, ${['North', 'East', 'South', 'West'][p.side]} is given twice`);
    seats.add(seat);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockActiveEvent(trx, tournament, 'players');
      const emails = [...new Set(participants.flatMap((p) => (p.isBot ? [] : [p.email!])))];
      const accounts = new Map<string, { id: string; names: string }>();
      await insertInBatches(emails.map((email) => ({ email })), async (batch) => {
        const found = await trx.selectFrom('users').select(['id', 'names', 'email']).where('email', 'in', batch.map((b) => b.email)).execute();
        for (const account of found) accounts.set(account.email, account);
      });
      const rows = participants.map((p) => {
        const account = p.isBot ? undefined : accounts.get(p.email!);
        return {
          tournamentId: tournament.id,
          userId: account?.id ?? null,
          names: p.names || account?.names || (p.isBot ? '' : p.email!.split('@')[0]!),
          email: p.isBot ? null : p.email!,
          tableNo: p.table, side: p.side, isBot: p.isBot,
        };
      });
      await insertInBatches(rows, (batch) => trx.insertInto('participants').values(batch).execute());
      await recordAudit(trx, { action: 'tournament.participants', outcome: 'success', actorId: user.id, actorEmail: user.email, target: tournament.key, ip, details: { count: rows.length } });
      return rows.length;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest('A seat you gave is already taken at that table');
    throw error;
  }
}

/** Sets the deal of one board (imported or hybrid events). */
export async function setBoardDeal(db: Db, user: UserRow, tournament: TournamentRow, boardNo: number, dealText: string) {
  assertCanManage(user, tournament);
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
    const updated = await trx
      .updateTable('boards')
      .set({ deal: formatDeal(deal), dealIndex: null })
      .where('tournamentId', '=', tournament.id)
      .where('boardNo', '=', boardNo)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound(`Board ${boardNo} is not played in this event`);
  });
}

/**
 * Imports the deals of a PBN file (imported or hybrid events): every game's Deal goes to its Board. All or
 * nothing: a bad deal, or a board the event does not play, refuses the whole file.
 */
export async function importDeals(db: Db, user: UserRow, tournament: TournamentRow, pbn: string): Promise<number> {
  assertCanManage(user, tournament);
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
  for (const [i, game] of games.entries()) {
    const board = numbers[i]!;
    const text = game.get('Deal')?.value.trim();
    if (!text || text === '?') continue;
    try {
      deals.set(board, formatDeal(parseDeal(text)));
    } catch (error) {
      throw badRequest(`Board ${board}: ${error instanceof Error ? error.message : 'invalid deal'}`);
    }
  }
  if (deals.size === 0) throw badRequest('The file holds no deals');
  const played = new Set(planEvent(tournament).boards);
  const extra = [...deals.keys()].filter((board) => !played.has(board));
  if (extra.length) throw badRequest(`This event does not play board ${extra.join(', ')}`);
  await db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'deals');
    for (const [board, deal] of deals) {
      await trx.updateTable('boards').set({ deal, dealIndex: null }).where('tournamentId', '=', tournament.id).where('boardNo', '=', board).execute();
    }
    await recordAudit(trx, { action: 'tournament.import_deals', outcome: 'success', actorId: user.id, actorEmail: user.email, target: tournament.key, details: { boards: deals.size } });
  });
  return deals.size;
}

/**
 * Posts one traveller line, checked against the movement and scored by Law 77 with the board's vulnerability
 * (or the director's adjusted score, which answers null).
 * The same round/board/table again is a director's correction, recorded in the audit log.
 */
export async function postResult(db: Db, user: UserRow, tournament: TournamentRow, body: PostResultBody, ip: string): Promise<number | null> {
  assertCanManage(user, tournament);
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
  const adjusted = body.adjusted ?? null;
  if (!adjusted && (!body.contract || body.tricks === undefined)) throw badRequest('A result needs its contract and tricks, or an adjusted score');
  const contract = body.contract as Contract | undefined;
  if (!adjusted && contract!.level > 0 && !body.declarer) throw badRequest('A contract needs a declarer');
  return db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const board = await trx.selectFrom('boards').selectAll().where('tournamentId', '=', tournament.id).where('boardNo', '=', body.board).executeTakeFirst();
    if (!board) throw notFound(messages.eventNotFound);
    const passedOut = adjusted !== null || contract!.level === 0;
    const score = adjusted ? null : nsScore(contract!, passedOut ? null : (body.declarer as Seat), passedOut ? 0 : body.tricks!, board.vulnerability as Vulnerability);
    const values = {
      nsPair: body.nsPair, ewPair: body.ewPair, declarer: passedOut ? null : body.declarer!,
      level: adjusted ? 0 : contract!.level, strain: passedOut ? null : contract!.strain, doubled: passedOut ? 0 : contract!.doubled,
      tricks: passedOut ? null : body.tricks!, nsScore: score ?? 0,
      adjustedNs: adjusted?.ns ?? null, adjustedEw: adjusted?.ew ?? null,
    };
    const before = await trx.selectFrom('boardResults').selectAll()
      .where('tournamentId', '=', tournament.id).where('round', '=', body.round).where('boardNo', '=', body.board).where('tableNo', '=', body.table)
      .executeTakeFirst();
    if (before) {
      await trx.updateTable('boardResults').set({ ...values, editedAt: new Date() }).where('id', '=', before.id).execute();
      await recordAudit(trx, {
        action: 'result.correct', outcome: 'success', actorId: user.id, actorEmail: user.email, target: `${tournament.key} r${body.round} b${body.board} t${body.table}`, ip,
        details: {
          before: { contract: `${before.level}${before.strain ?? ''}${'X'.repeat(before.doubled)}`, declarer: before.declarer, tricks: before.tricks, score: before.nsScore, adjusted: before.adjustedNs ? `${before.adjustedNs}/${before.adjustedEw}` : null },
          after: { score, adjusted: adjusted ? `${adjusted.ns}/${adjusted.ew}` : null },
        },
      });
    } else {
      await trx.insertInto('boardResults').values({ tournamentId: tournament.id, round: body.round, boardNo: body.board, tableNo: body.table, ...values }).execute();
    }
    return score;
  });
}

/** A stored result as the engine scores it: a played score, or the director's adjusted score. */
const travellerLineOf = (r: BoardResultRow): TravellerLine => ({
  board: r.boardNo,
  nsPair: r.nsPair,
  ewPair: r.ewPair,
  result: r.adjustedNs && r.adjustedEw ? { kind: 'adjusted', ns: r.adjustedNs, ew: r.adjustedEw } : { kind: 'score', nsScore: r.nsScore },
});

const scoringMethodOf = (t: TournamentRow): ScoringMethod => (t.scoreType === 'Match Point' ? 'matchpoints' : t.impMethod === 'Butler' ? 'butler' : 'cross-imps');

/** Closes the event: pair scores and ranks computed and stored in one transaction with the status change. */
export async function completeTournament(db: Db, user: UserRow, tournament: TournamentRow, ip: string) {
  assertCanManage(user, tournament);
  assertActive(tournament);
  const plan = planEvent(tournament);
  return db.transaction().execute(async (trx) => {
    await lockActiveEvent(trx, tournament, 'results');
    const results = await trx.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournament.id).execute();
    if (results.length === 0) throw badRequest('No results have been posted for this event');
    const lines = results.map(travellerLineOf);
    const scored = scoreEvent(lines, { method: scoringMethodOf(tournament), winners: plan.movement.winners, scheduledBoards: scheduledBoards(plan) });
    await trx.deleteFrom('pairScores').where('tournamentId', '=', tournament.id).execute();
    const pairScores = scored.pairs.map((p) => ({
      tournamentId: tournament.id, pairKey: p.key, direction: p.direction, pairNo: p.pair, boards: p.boards,
      total: p.total, tops: p.tops, percentage: p.percentage, place: p.place, label: p.label,
    }));
    await insertInBatches(pairScores, (batch) => trx.insertInto('pairScores').values(batch).execute());
    const xmlToken = randomBytes(24).toString('base64url');
    const resultId = randomBytes(10).toString('hex');
    await trx.updateTable('tournaments').set({ status: 'complete', xmlToken, resultId, completedAt: new Date() }).where('id', '=', tournament.id).execute();
    await recordAudit(trx, { action: 'tournament.complete', outcome: 'success', actorId: user.id, actorEmail: user.email, target: tournament.key, ip });
    return { xmlToken, resultId };
  });
}

/** Whether the caller may read an event's files: anyone once complete; before that its organiser or an admin. */
export function assertCanRead(user: UserRow | null, tournament: TournamentRow): void {
  if (tournament.status === 'complete') return;
  if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue');
  assertCanManage(user, tournament);
}

type ParticipantRow = { tableNo: number; side: number; names: string };

/**
 * Names of each pair by its starting seats: at table t in round 1, North and South are one pair, East and
 * West the other.
 */
export function pairNames(plan: ReturnType<typeof planEvent>, participants: readonly ParticipantRow[]) {
  const firstRound = plan.rows.filter((r) => r.round === 1);
  return (direction: 'NS' | 'EW' | null, pair: number): { name: string }[] => {
    const row = firstRound.find((r) => (direction === 'EW' ? r.ew === pair : direction === 'NS' ? r.ns === pair : r.ns === pair || r.ew === pair));
    if (!row) return [];
    const sides = (direction ?? (row.ns === pair ? 'NS' : 'EW')) === 'NS' ? [0, 2] : [1, 3];
    return participants.filter((p) => p.tableNo === row.table && sides.includes(p.side)).map((p) => ({ name: p.names }));
  };
}

/** Events in play and the latest completed ones, for the public `/tournaments` page. */
export async function recentEvents(db: Db, limit = 20) {
  const list = (status: 'active' | 'complete') =>
    db.selectFrom('tournaments').selectAll().where('status', '=', status).where('type', '!=', 5)
      .orderBy(status === 'complete' ? 'completedAt' : 'createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  const present = (t: TournamentRow) => ({
    key: t.key, name: t.typeName, movementType: t.movementType, scoreType: t.scoreType, tables: t.tables,
    createdAt: t.createdAt.toISOString(), completedAt: t.completedAt?.toISOString() ?? null,
    resultsUrl: t.status === 'complete' ? `/results/${t.key}` : null,
  });
  const [live, completed] = await Promise.all([list('active'), list('complete')]);
  return { live: live.map(present), completed: completed.map(present) };
}

/** The results of an event as the results page shows them: computed from the posted lines, live or final. */
export async function eventResults(db: Db, tournament: TournamentRow): Promise<EventResults> {
  const plan = planEvent(tournament);
  const [boards, results, participants] = await Promise.all([
    db.selectFrom('boards').selectAll().where('tournamentId', '=', tournament.id).orderBy('boardNo').execute(),
    db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournament.id).orderBy('boardNo').orderBy('round').orderBy('tableNo').execute(),
    db.selectFrom('participants').select(['tableNo', 'side', 'names']).where('tournamentId', '=', tournament.id).execute(),
  ]);
  const method = scoringMethodOf(tournament);
  const scored = scoreEvent(results.map(travellerLineOf), { method, winners: plan.movement.winners, scheduledBoards: scheduledBoards(plan) });
  const namesOf = pairNames(plan, participants);
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
    pairs: scored.pairs.map((p) => ({
      key: p.key, direction: p.direction, pair: p.pair, names: namesOf(p.direction, p.pair).map((n) => n.name),
      boards: p.boards, total: p.total, factoredTotal: p.factoredTotal, tops: p.tops, percentage: p.percentage, place: p.place, label: p.label,
    })),
    boards: boards.map((board) => ({
      board: board.boardNo,
      dealer: board.dealer,
      vulnerability: board.vulnerability,
      deal: board.deal,
      lines: results.flatMap((r, i) => (r.boardNo !== board.boardNo ? [] : [{
        round: r.round, table: r.tableNo, nsPair: r.nsPair, ewPair: r.ewPair,
        contract: { level: r.level, strain: r.strain, doubled: r.doubled }, declarer: r.declarer, tricks: r.tricks,
        nsScore: r.nsScore, adjusted: r.adjustedNs && r.adjustedEw ? { ns: r.adjustedNs, ew: r.adjustedEw } : null,
        ns: scored.lines[i]!.ns, ew: scored.lines[i]!.ew,
      }])),
    })),
    xmlUrl: tournament.xmlToken ? `/api/v1/tournaments/files/download/${tournament.xmlToken}` : null,
    pbnUrl: `/api/v1/tournaments/${tournament.key}/pbn`,
  };
}

/** The USEBIO 1.2 results file of a completed event. */
export async function usebioXml(db: Db, tournament: TournamentRow): Promise<string> {
  const plan = planEvent(tournament);
  const [pairs, results, participants] = await Promise.all([
    db.selectFrom('pairScores').selectAll().where('tournamentId', '=', tournament.id).orderBy('direction').orderBy('place').execute(),
    db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournament.id).orderBy('boardNo').orderBy('round').orderBy('tableNo').execute(),
    db.selectFrom('participants').selectAll().where('tournamentId', '=', tournament.id).execute(),
  ]);
  const scored = scoreEvent(results.map(travellerLineOf), { method: scoringMethodOf(tournament), winners: plan.movement.winners, scheduledBoards: scheduledBoards(plan) });
  const matchpoints = scored.lines;
  // IMP pairs are placed by their factored totals, so that is the total written beside the place.
  const factored = new Map(scored.pairs.map((p) => [p.key, p.factoredTotal]));
  const namesOf = pairNames(plan, participants);
  const byBoard = new Map<number, typeof matchpoints>();
  for (const line of matchpoints) byBoard.set(line.board, [...(byBoard.get(line.board) ?? []), line]);
  return exportUsebio({
    club: { name: 'Bridge Platform' },
    identifier: tournament.key,
    description: tournament.typeName,
    date: tournament.completedAt ?? tournament.createdAt,
    scoringMethod: tournament.scoreType === 'Match Point' ? 'MATCH_POINTS' : tournament.impMethod === 'Butler' ? 'BUTLER_IMPS' : 'CROSS_IMPS',
    winnerType: plan.movement.winners,
    programName: 'Bridge Platform',
    programVersion: '1.0',
    pairs: pairs.map((p) => ({ number: p.pairNo, direction: p.direction ?? undefined, place: p.label, totalScore: factored.get(p.pairKey) ?? p.total, percentage: p.percentage, players: namesOf(p.direction, p.pairNo) })),
    boards: [...byBoard.entries()].map(([number, lines]) => ({
      number,
      lines: lines.map((line) => {
        const r = results.find((x) => x.boardNo === line.board && x.nsPair === line.nsPair && x.ewPair === line.ewPair)!;
        return {
          nsPair: r.nsPair, ewPair: r.ewPair,
          contract: r.level === 0 ? 'PASS' : `${r.level}${r.strain}${'X'.repeat(r.doubled)}`,
          playedBy: r.declarer ?? '', tricks: r.tricks, score: r.nsScore,
          // An adjusted score is written as its percentage code (A6040) with no contract.
          adjusted: r.adjustedNs && r.adjustedEw ? { ns: r.adjustedNs, ew: r.adjustedEw } : null,
          nsMatchPoints: line.ns, ewMatchPoints: line.ew,
        };
      }),
    })),
  });
}

/** The PBN file of an event: every board's deal, then each played result. */
export async function eventPbn(db: Db, tournament: TournamentRow): Promise<string> {
  const [boards, results, participants] = await Promise.all([
    db.selectFrom('boards').selectAll().where('tournamentId', '=', tournament.id).orderBy('boardNo').execute(),
    db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournament.id).orderBy('boardNo').orderBy('round').orderBy('tableNo').execute(),
    db.selectFrom('participants').select(['tableNo', 'side', 'names']).where('tournamentId', '=', tournament.id).execute(),
  ]);
  const playersAt = seatsOf(planEvent(tournament), participants);
  const games = boards.flatMap((board) => {
    const base = {
      event: tournament.typeName, site: 'Bridge Platform', date: tournament.createdAt, board: board.boardNo,
      dealer: board.dealer as Seat, vulnerability: board.vulnerability as Vulnerability,
      deal: board.deal ? parseDeal(board.deal) : null, scoring: tournament.scoreType === 'Match Point' ? 'MP' : 'IMP',
    };
    const played = results.filter((r) => r.boardNo === board.boardNo);
    if (played.length === 0) return [base];
    // Each result names its players, round, table and pairs (PBN 2.1 tags), so a reader can rebuild the event.
    return played.map((r) => {
      const where = { ...base, players: playersAt(r.nsPair, r.ewPair), round: r.round, table: r.tableNo, nsPair: r.nsPair, ewPair: r.ewPair };
      return r.adjustedNs && r.adjustedEw
        ? { ...where, adjusted: { ns: r.adjustedNs, ew: r.adjustedEw } }
        : { ...where, contract: { level: r.level, strain: r.strain ?? 'NT', doubled: r.doubled } as Contract, declarer: r.declarer as Seat | null, tricks: r.tricks, nsScore: r.nsScore };
    });
  });
  return exportPbn(games);
}

/**
 * What deleting an account does to events, in the deletion's transaction before the user row goes: the events it
 * organised are deleted (their seats, boards and results with them), and its seats in other organisers' events
 * keep the name, so those results still read right, but lose the account and its email address.
 */
export async function forgetAccount(db: Db, userId: string): Promise<{ eventsDeleted: number }> {
  const deleted = await db.deleteFrom('tournaments').where('organiserId', '=', userId).executeTakeFirst();
  await db.updateTable('participants').set({ userId: null, email: null }).where('userId', '=', userId).execute();
  return { eventsDeleted: Number(deleted.numDeletedRows) };
}
