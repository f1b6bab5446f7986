import type { Movement, MovementRow } from '@bridge/engine';
import {
  videoChannelName,
  type DealsChoice,
  type EntryView,
  type GridCell,
  type LiveView,
  type WithdrawnEntry,
  type ScoringChoice,
  type SessionPhase,
} from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { BoardResultRow, TournamentRow, UserRow } from '../../db/schema.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { scoringMethodOf } from './interchange.ts';
import { planEvent, type EventPlan } from './movement.ts';
import { listDisputedClaims } from './online-tables.ts';
import { enteredResult } from './table-results.ts';
import type { EventRow } from './repo.ts';

/** An event with its organiser's name and address, as the routes' policies look it up. */
export type { EventRow };
import * as repo from './repo.ts';
import { insertNewEvent, lockActiveEvent, standingsOf, uncomparedPlan } from './service.ts';

// A club session run from the director's console (modules/directing): made with a stored movement, its entries
// set before the start, then started, its round clock run and paused, its rounds moved on, its boards marked not
// played. Every change locks the event's row first, as the organiser's changes do (service.ts), and is audited.

// The movement's pairs -------------------------------------------------------------------------------------------

/** A pair of a movement, where it sits in round 1 (its seat for the entries), and whether it sits out then. */
export interface MovementPair {
  /** `NS3` / `EW3` when each direction has its own winner, `3` otherwise: the results' pair key. */
  key: string;
  direction: 'NS' | 'EW' | null;
  pairNo: number;
  /** Its place in round 1: the table, and North-South or East-West. */
  seat: { table: number; side: 'NS' | 'EW' } | null;
  /** Its round-1 opponent is the movement's phantom: it sits out the first round. */
  sitsOutFirst: boolean;
}

/** Every pair of a movement but its phantom (the sit-out), NS before EW, by number. */
export function movementPairs(movement: Movement): MovementPair[] {
  const phantom = movement.phantomPair;
  const firstRound = movement.rows.filter((row) => row.round === 1);
  const twoWinners = movement.winners === 2;
  const pairs: MovementPair[] = [];
  const seatOf = (pairNo: number, side: 'NS' | 'EW' | null) => {
    const row = firstRound.find((r) => (side !== 'EW' && r.ns === pairNo) || (side !== 'NS' && r.ew === pairNo));
    if (!row) return { seat: null, sitsOutFirst: false };
    const at: 'NS' | 'EW' = side ?? (row.ns === pairNo ? 'NS' : 'EW');
    const opponent = at === 'NS' ? row.ew : row.ns;
    // In a two-winner Mitchell the phantom is an EW number: an NS pair opposite it sits out.
    const sitsOut = phantom !== undefined && opponent === phantom && (!twoWinners || at === 'NS');
    return { seat: { table: row.table, side: at }, sitsOutFirst: sitsOut };
  };
  const numbers = (values: number[]) => [...new Set(values)].filter((n) => n !== phantom).sort((a, b) => a - b);
  if (twoWinners) {
    for (const pairNo of [...new Set(movement.rows.map((r) => r.ns))].sort((a, b) => a - b))
      pairs.push({ key: `NS${pairNo}`, direction: 'NS', pairNo, ...seatOf(pairNo, 'NS') });
    for (const pairNo of numbers(movement.rows.map((r) => r.ew)))
      pairs.push({ key: `EW${pairNo}`, direction: 'EW', pairNo, ...seatOf(pairNo, 'EW') });
  } else {
    for (const pairNo of numbers(movement.rows.flatMap((r) => [r.ns, r.ew])))
      pairs.push({ key: String(pairNo), direction: null, pairNo, ...seatOf(pairNo, null) });
  }
  return pairs;
}

/** "NS1 to NS3 and EW1 to EW3", "1 to 9": the pairs a director may enter. */
function pairRange(pairs: MovementPair[]): string {
  const ranges = (['NS', 'EW', null] as const).flatMap((direction) => {
    const of = pairs.filter((p) => p.direction === direction);
    return of.length === 0 ? [] : [`${of[0]!.key} to ${of.at(-1)!.key}`];
  });
  return ranges.join(' and ');
}

/** A row of the plan where one side is the phantom: that table sits out the round. */
const sitsOut = (movement: Movement, row: MovementRow) =>
  movement.phantomPair !== undefined && (row.ew === movement.phantomPair || (movement.winners === 1 && row.ns === movement.phantomPair));

// Making a session -----------------------------------------------------------------------------------------------

export interface SessionInput {
  name: string;
  startsAt: string;
  pairs: number;
  minutesPerBoard: number;
  movement: Movement;
  movementName: string;
  boardsPerRound: number;
  scoring: ScoringChoice;
  deals: DealsChoice;
  showTravellers: boolean;
  online: boolean;
}

const HAND_MODE = { random: 'Random', pbn: 'Imported', 'by-hand': 'Imported' } as const;

/**
 * Creates a club session with its movement stored: one transaction with its boards (dealt now when random) and its
 * audit row, as the organiser API's events (service.ts `insertNewEvent`).
 */
export async function createSession(db: Db, organiser: UserRow, input: SessionInput, ip: string): Promise<TournamentRow> {
  const movement = input.movement;
  const plan = planEvent({
    tables: movement.tables,
    rounds: movement.rounds,
    boardsPerRound: input.boardsPerRound,
    movementType: 'Mitchell',
    movement,
  });
  const refusal = uncomparedPlan(plan, movement.rounds);
  if (refusal) throw fieldError('movement', refusal);
  return insertNewEvent(
    db,
    organiser,
    {
      tables: movement.tables,
      boardsPerRound: input.boardsPerRound,
      type: 1,
      typeName: input.name,
      players: input.pairs * 2,
      rounds: movement.rounds,
      movementType: movement.kind === 'howell' ? 'Howell' : 'Mitchell',
      scoreType: input.scoring === 'matchpoints' ? 'Match Point' : 'IMP',
      impMethod: input.scoring === 'matchpoints' ? null : input.scoring === 'butler' ? 'Butler' : 'Cross',
      handMode: HAND_MODE[input.deals],
      liveTableEvent: input.online,
      kibitzersEnabled: false,
      movement: JSON.stringify(movement),
      movementName: input.movementName,
      startsAt: input.startsAt,
      minutesPerBoard: input.minutesPerBoard,
      showTravellers: input.showTravellers,
    },
    plan,
    { action: 'direct.create', ip, details: { movement: input.movementName, pairs: input.pairs, scoring: input.scoring, deals: input.deals } },
  );
}

// Where an event stands ------------------------------------------------------------------------------------------

export const phaseOf = (t: TournamentRow): SessionPhase => (t.status === 'complete' ? 'complete' : t.startedAt ? 'play' : 'preparation');

export const scoringOf = (t: TournamentRow): ScoringChoice => scoringMethodOf(t);

/** The round clock: running since `roundStartedAt` (null when paused) plus the time run before its last pause. */
export function clockOf(t: TournamentRow, now: number = Date.now()) {
  return {
    running: t.roundStartedAt !== null,
    elapsedMs: t.roundElapsedMs + (t.roundStartedAt ? Math.max(0, now - t.roundStartedAt.getTime()) : 0),
    roundMs: t.boardsPerRound * Number(t.minutesPerBoard) * 60_000,
  };
}

/** An event as the console lists it; an event the organiser API made is named by its movement type. */
export function presentDirectedEvent(t: EventRow) {
  return {
    key: t.key,
    name: t.typeName,
    startsAt: t.startsAt?.toISOString() ?? null,
    phase: phaseOf(t),
    movementName: t.movementName ?? t.movementType,
    tables: t.tables,
    rounds: t.rounds,
    currentRound: t.currentRound,
    scoring: scoringOf(t),
    organiser: t.organiserNames,
  };
}

/** The most events the console lists in each call. */
const DIRECTED_EVENTS_LIMIT = 500;

/** An organiser's events (every event for an admin: `organiserId` null), newest first, by phase. */
export async function listDirectedEvents(db: Db, organiserId: string | null) {
  const rows = await repo.listDirectedEvents(db, organiserId, DIRECTED_EVENTS_LIMIT);
  const events = rows.map(presentDirectedEvent);
  return {
    preparation: events.filter((e) => e.phase === 'preparation'),
    play: events.filter((e) => e.phase === 'play'),
    complete: events.filter((e) => e.phase === 'complete'),
  };
}

// Entries --------------------------------------------------------------------------------------------------------

/**
 * One player of an entry: an account's owner (by its name) or a guest, by name alone. An entry keeps no address:
 * the director picked the account and never saw it (decision 058).
 */
export interface EntryPlayerInput {
  userId: string | null;
  names: string;
}

export interface EntryInput {
  pair: string;
  players: [EntryPlayerInput, EntryPlayerInput];
}

/** The event's entries: each pair with players, where it starts, in the movement's order of pairs. */
export async function listEntries(db: Db, tournament: TournamentRow): Promise<EntryView[]> {
  return entriesOf(planEvent(tournament), await repo.listAllParticipants(db, tournament.id));
}

function entriesOf(plan: EventPlan, participants: { tableNo: number; side: number; names: string; userId: string | null }[]): EntryView[] {
  return movementPairs(plan.movement).flatMap((pair) => {
    if (!pair.seat) return [];
    const sides = pair.seat.side === 'NS' ? [0, 2] : [1, 3];
    const players = participants
      .filter((p) => p.tableNo === pair.seat!.table && sides.includes(p.side))
      .sort((a, b) => a.side - b.side)
      .map((p) => ({ userId: p.userId, name: p.names, guest: p.userId === null }));
    // Every pair of the movement is listed, entered or not: the entries page fills the ones without players.
    return [
      {
        pair: pair.key,
        table: pair.sitsOutFirst ? null : pair.seat.table,
        direction: pair.sitsOutFirst ? null : pair.seat.side,
        players,
      },
    ];
  });
}

/**
 * Replaces the whole list of entries, before the start only: each pair of the movement (not its phantom) once,
 * each account once; a pair's two players take its round-1 seats (North and South, or East and West), so the
 * results name them. Late entries, withdrawals and swapped numbers are a new list. All or nothing.
 */
export async function setEntries(db: Db, user: UserRow, tournament: TournamentRow, entries: EntryInput[], ip: string): Promise<EntryView[]> {
  const plan = planEvent(tournament);
  const pairs = new Map(movementPairs(plan.movement).map((p) => [p.key, p]));
  const seenPairs = new Set<string>();
  const seenAccounts = new Set<string>();
  const rows: { tournamentId: string; userId: string | null; names: string; email: string | null; tableNo: number; side: number; isBot: boolean }[] =
    [];
  entries.forEach((entry, i) => {
    const pair = pairs.get(entry.pair);
    if (!pair) throw fieldError(`pairs.${i}.pair`, `${entry.pair} is not a pair of this movement: its pairs are ${pairRange([...pairs.values()])}`);
    if (!pair.seat) throw fieldError(`pairs.${i}.pair`, `Pair ${entry.pair} has no table in round 1 of this movement`);
    if (seenPairs.has(entry.pair)) throw fieldError(`pairs.${i}.pair`, `Pair ${entry.pair} is entered twice`);
    seenPairs.add(entry.pair);
    entry.players.forEach((player, j) => {
      if (player.userId) {
        if (seenAccounts.has(player.userId)) throw fieldError(`pairs.${i}.players.${j}`, `${player.names} is entered twice`);
        seenAccounts.add(player.userId);
      }
      const sides = pair.seat!.side === 'NS' ? [0, 2] : [1, 3];
      rows.push({
        tournamentId: tournament.id,
        userId: player.userId,
        names: player.names,
        email: null,
        tableNo: pair.seat!.table,
        side: sides[j]!,
        isBot: false,
      });
    });
  });
  await db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'players');
    if (current.startedAt) throw conflict('The event has started: its entries can no longer change');
    await repo.deleteParticipants(trx, tournament.id);
    await insertInBatches(rows, (batch) => repo.insertParticipants(trx, batch));
    await recordAudit(trx, {
      action: 'direct.entries',
      outcome: 'success',
      actorId: user.id,
      actorEmail: user.email,
      target: tournament.key,
      ip,
      details: { pairs: entries.length, guests: rows.filter((r) => r.userId === null).length },
    });
  });
  return entriesOf(plan, rows);
}

// The round and its clock ------------------------------------------------------------------------------------------

const notStarted = () => conflict('The event has not started yet: start it first');

async function audit(trx: Db, user: UserRow, tournament: TournamentRow, action: string, ip: string, details: Record<string, unknown>) {
  await recordAudit(trx, { action, outcome: 'success', actorId: user.id, actorEmail: user.email, target: tournament.key, ip, details });
}

/** Starts play: round 1, its clock running. Refuses an event with no entries, or one already started. */
export async function startSession(db: Db, user: UserRow, tournament: TournamentRow, ip: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (current.startedAt) throw conflict('The event has already started');
    if ((await repo.listAllParticipants(trx, tournament.id)).length === 0)
      throw conflict('Enter the pairs before the start: this event has no entries');
    const now = new Date();
    await repo.updateEvent(trx, tournament.id, { startedAt: now, currentRound: 1, roundStartedAt: now, roundElapsedMs: 0 });
    await audit(trx, user, tournament, 'direct.start', ip, { round: 1 });
    return 1;
  });
}

/** Runs or pauses the round clock; a pause keeps the time run so far. */
export async function setClock(db: Db, user: UserRow, tournament: TournamentRow, running: boolean, ip: string) {
  return db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (!current.startedAt) throw notStarted();
    const now = Date.now();
    const clock = clockOf(current, now);
    if (clock.running !== running) {
      const values = running ? { roundStartedAt: new Date(now) } : { roundStartedAt: null, roundElapsedMs: Math.round(clock.elapsedMs) };
      await repo.updateEvent(trx, tournament.id, values);
      await audit(trx, user, tournament, 'direct.clock', ip, { round: current.currentRound, running, elapsedMs: Math.round(clock.elapsedMs) });
    }
    return { ...clock, running };
  });
}

/** Moves play to the next round, its clock restarted from 0 and running; refuses past the movement's last round. */
export async function nextRound(db: Db, user: UserRow, tournament: TournamentRow, ip: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (!current.startedAt) throw notStarted();
    if (current.currentRound >= current.rounds)
      throw conflict(`Round ${current.currentRound} is the last round of this movement: complete the event instead`);
    const round = current.currentRound + 1;
    await repo.updateEvent(trx, tournament.id, { currentRound: round, roundStartedAt: new Date(), roundElapsedMs: 0 });
    await audit(trx, user, tournament, 'direct.next_round', ip, { round });
    return round;
  });
}

/** Marks (or unmarks) a board of the plan as not played at a table in a round: no result is then expected there. */
export async function setNotPlayed(
  db: Db,
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
    await audit(trx, user, tournament, 'direct.not_played', ip, { round: at.round, table: at.table, board: at.board, notPlayed: at.notPlayed });
  });
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
    repo.listAllParticipants(db, tournament.id),
    repo.listBoards(db, tournament.id),
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
