import {
  checkUploadedMovement,
  MINUTES_TO_MOVE,
  MovementTableError,
  proposeMovements,
  readMovementTable,
  type Movement,
  type MovementTableFormat,
} from '@bridge/engine';
import { EVENT_LIMITS, MAX_BOARD, type CreateSessionBody, type MovementProposal, type PairEntry } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { createSession } from '../events/service.ts';
import { movementPairs, setEntries, type EntryPlayerInput } from '../entries/service.ts';
import { seatablePlayers } from '../users/service.ts';

// The director's console composes the events module's rules (events/sessions.ts) with the accounts of the users
// module and the engine's movements; it owns no table.

/** The movements the engine proposes for this many pairs, as the wizard lists them. */
export function proposals(pairs: number, minutesPerBoard: number): MovementProposal[] {
  return proposeMovements(pairs, { minutesPerBoard }).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    tables: p.movement.tables,
    rounds: p.rounds,
    boardsPerRound: p.boardsPerRound,
    totalBoards: p.totalBoards,
    minutes: p.minutes,
    sitOut: p.sitOut,
    winners: p.winners,
  }));
}

/**
 * Reads and checks an uploaded movement table: a malformed line or a broken rule answers 400 with every problem
 * named, at `field` (where the wizard shows it), as does a table too big for an event. The size is checked before
 * the rules, so the rules are only ever checked on a table an event can hold.
 */
export function readUpload(text: string, format: MovementTableFormat, field: string): Movement {
  let movement: Movement;
  try {
    movement = readMovementTable(text, format);
  } catch (error) {
    if (error instanceof MovementTableError) throw fieldError(field, error.message);
    throw error;
  }
  if (movement.tables > EVENT_LIMITS.tables)
    throw fieldError(field, `An event has at most ${EVENT_LIMITS.tables} tables; this movement has ${movement.tables}`);
  if (movement.rounds > EVENT_LIMITS.rounds)
    throw fieldError(field, `An event has at most ${EVENT_LIMITS.rounds} rounds; this movement has ${movement.rounds}`);
  const problems = checkUploadedMovement(movement);
  if (problems.length > 0) throw fieldError(field, problems.join('\n'));
  return movement;
}

/**
 * The boards an uploaded movement deals with this many boards a round: every board set up to the highest one is
 * played (`checkUploadedMovement`), each numbering its own boards. More than an event holds answers 400 at `field`:
 * its boards, and their line for analysis, are never written.
 */
export function boardsDealt(movement: Movement, boardsPerRound: number, field: string): number {
  const sets = Math.max(...movement.rows.map((row) => row.set));
  const boards = sets * boardsPerRound;
  if (boards > MAX_BOARD)
    throw fieldError(
      field,
      `An event has at most ${MAX_BOARD} boards; this movement deals ${boards} (${sets} board sets of ${boardsPerRound} boards)`,
    );
  return boards;
}

/** The figures of an uploaded movement, as the wizard shows them before Next. */
export function checkMovement(body: { text: string; format: MovementTableFormat; boardsPerRound: number; minutesPerBoard: number }) {
  const movement = readUpload(body.text, body.format, 'text');
  const totalBoards = boardsDealt(movement, body.boardsPerRound, 'text');
  return {
    tables: movement.tables,
    rounds: movement.rounds,
    pairs: movementPairs(movement).length,
    boardsPerRound: body.boardsPerRound,
    totalBoards,
    winners: movement.winners,
    sitOut: movement.phantomPair !== undefined,
    minutes: movement.rounds * body.boardsPerRound * body.minutesPerBoard + movement.rounds * MINUTES_TO_MOVE,
  };
}

type CreateBody = Omit<CreateSessionBody, 'minutesPerBoard' | 'showTravellers' | 'online'> & {
  minutesPerBoard: number;
  showTravellers: boolean;
  online: boolean;
};

/** The movement the wizard chose: a proposal for these pairs (found again by its id), or an upload for as many pairs. */
function resolveMovement(body: CreateBody): { movement: Movement; name: string; boardsPerRound: number } {
  const choice = body.movement;
  if (choice.kind === 'proposal') {
    const proposal = proposeMovements(body.pairs, { minutesPerBoard: body.minutesPerBoard }).find((p) => p.id === choice.id);
    if (!proposal) throw fieldError('movement.id', `This movement is not offered for ${body.pairs} pairs`);
    return { movement: proposal.movement, name: proposal.name, boardsPerRound: proposal.boardsPerRound };
  }
  const movement = readUpload(choice.text, choice.format, 'movement.text');
  boardsDealt(movement, choice.boardsPerRound, 'movement.text');
  const pairs = movementPairs(movement).length;
  if (pairs !== body.pairs)
    throw fieldError('movement.text', `The uploaded movement is for ${pairs} pairs, not ${body.pairs}: change the number of pairs or the file`);
  return { movement, name: 'Uploaded movement', boardsPerRound: choice.boardsPerRound };
}

/** Creates the wizard's event with its movement, in one transaction. */
export async function createDirectedEvent(db: Db, user: UserRow, body: CreateBody, ip: string): Promise<TournamentRow> {
  const { movement, name, boardsPerRound } = resolveMovement(body);
  return createSession(
    db,
    user,
    {
      name: body.name,
      startsAt: body.startsAt,
      pairs: body.pairs,
      minutesPerBoard: body.minutesPerBoard,
      movement,
      movementName: name,
      boardsPerRound,
      scoring: body.scoring,
      deals: body.deals,
      showTravellers: body.showTravellers,
      online: body.online,
    },
    ip,
  );
}

/**
 * Replaces an event's entries: each account's owner seated by the account's name (only the accounts the organiser's
 * search finds; the seat keeps no address, decision 058), each guest by the name given.
 */
export async function replaceEntries({ db, changes }: ChangeContext, user: UserRow, tournament: TournamentRow, pairs: PairEntry[], ip: string) {
  const ids = pairs.flatMap((p) => p.players.flatMap((player) => ('userId' in player ? [player.userId] : [])));
  const accounts = await seatablePlayers(db, tournament.organiserId, ids);
  const entries = pairs.map((entry, i) => ({
    pair: entry.pair,
    players: entry.players.map((player, j): EntryPlayerInput => {
      if (!('userId' in player)) return { userId: null, names: player.name };
      const account = accounts.get(player.userId);
      if (!account) throw fieldError(`pairs.${i}.players.${j}`, 'No registered player has this account: search again, or enter a guest by name');
      return { userId: account.id, names: account.names };
    }) as [EntryPlayerInput, EntryPlayerInput],
  }));
  return setEntries({ db, changes }, user, tournament, entries, ip);
}
