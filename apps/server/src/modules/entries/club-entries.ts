import type { Movement } from '@bridge/engine';
import type { EntryView } from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { recordChange } from '../audits/service.ts';
import { lockActiveEvent, planEvent, updateEvent, type EventPlan } from '../events/service.ts';
import * as repo from './repo.ts';

// A club session's entries, set from the director's console (modules/directing) before its start: each pair of the
// movement with its players, where it sits in round 1; then the start, which freezes them.

// The movement's pairs -------------------------------------------------------------------------------------------

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

export function entriesOf(plan: EventPlan, participants: { tableNo: number; side: number; names: string; userId: string | null }[]): EntryView[] {
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
export async function setEntries(
  { db, changes }: ChangeContext,
  user: UserRow,
  tournament: TournamentRow,
  entries: EntryInput[],
  ip: string,
): Promise<EntryView[]> {
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
    await recordChange(trx, user, 'direct.entries', tournament.key, ip, {
      pairs: entries.length,
      guests: rows.filter((r) => r.userId === null).length,
    });
  });
  await changes.emit({ kind: 'entriesChanged', key: tournament.key });
  return entriesOf(plan, rows);
}

/** Starts play: round 1, its clock running. Refuses an event with no entries, or one already started. */
export async function startSession({ db, changes }: ChangeContext, user: UserRow, tournament: TournamentRow, ip: string): Promise<number> {
  const answer = await db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (current.startedAt) throw conflict('The event has already started');
    if ((await repo.listAllParticipants(trx, tournament.id)).length === 0)
      throw conflict('Enter the pairs before the start: this event has no entries');
    const now = new Date();
    await updateEvent(trx, tournament.id, { startedAt: now, currentRound: 1, roundStartedAt: now, roundElapsedMs: 0 });
    await recordChange(trx, user, 'direct.start', tournament.key, ip, { round: 1 });
    return 1;
  });
  await changes.emit({ kind: 'roundStarted', key: tournament.key, round: answer });
  return answer;
}
