import { seatView, type BoardState, type Seat, type Viewer } from '@bridge/engine';
import type { PlayTableState } from '@bridge/api';
import type { DirectorCall } from '../results/service.ts';
/**
 * Who looks at a table through a socket: a seat of it (its user's, in the round the movement put them there), a
 * kibitzer, or the director (every hand).
 */
export type TableViewer = { kind: 'seat'; seat: Seat; userId: string; round: number } | { kind: 'kibitzer' } | { kind: 'director' };

/**
 * A table as its owner tells it: the whole board (every hand) and what the frames add to it. Each instance with
 * sockets at the table cuts each viewer's frame from it (`viewOf`); it never leaves the servers.
 */
export interface TableSnapshot {
  key: string;
  table: number;
  round: number;
  state: BoardState | null;
  players: PlayTableState['players'];
  boards: PlayTableState['boards'];
  roundOver: boolean;
  directorCall: DirectorCall | null;
  /** Why the table has stopped (its stored play no longer fits the board's deal); null while it plays. */
  stopped: string | null;
  /** The user at each seat this round: a seat's socket hears the table only while its user sits there. */
  seatedUsers: Partial<Record<Seat, string>>;
  /** The event's round clock as read at `at` (milliseconds since the epoch): each frame runs a running clock on from there. */
  clock: PlayTableState['clock'] & { at: number };
}

/**
 * Whether a seat's socket holds its seat at the table as the snapshot tells it: `ahead` when the socket sat down for
 * a round the table has not taken in yet (it hears the table once it has); `lost` when a new round moved its user
 * on (to another table, or another seat of this one) or a substitute took the seat: another hand is there now.
 */
export function seatHeld(snapshot: TableSnapshot, viewer: TableViewer): 'held' | 'ahead' | 'lost' {
  if (viewer.kind !== 'seat') return 'held';
  if (viewer.round > snapshot.round) return 'ahead';
  return viewer.round === snapshot.round && snapshot.seatedUsers[viewer.seat] === viewer.userId ? 'held' : 'lost';
}

/** The round clock as it stands at `now`, from the snapshot's reading. */
function clockAt(clock: TableSnapshot['clock'], now: number): PlayTableState['clock'] {
  const { at, ...reading } = clock;
  return clock.running ? { ...reading, elapsedMs: reading.elapsedMs + Math.max(0, now - at) } : reading;
}

/** The frame a viewer gets from a snapshot: only what it may see. */
export function viewOf(snapshot: TableSnapshot, viewer: TableViewer, now: number = Date.now()): PlayTableState | null {
  if (!snapshot.state || seatHeld(snapshot, viewer) !== 'held') return null;
  const engineViewer: Viewer = viewer.kind === 'seat' ? viewer.seat : viewer.kind === 'kibitzer' ? 'kibitzer' : 'all';
  const view = seatView(snapshot.state, engineViewer);
  return {
    ...view,
    key: snapshot.key,
    table: snapshot.table,
    round: snapshot.round,
    contract: view.contract && view.contract.level > 0 ? view.contract : null,
    players: snapshot.players,
    boards: snapshot.boards,
    roundOver: snapshot.roundOver,
    directorCall: snapshot.directorCall,
    stopped: snapshot.stopped ?? null,
    clock: clockAt(snapshot.clock, now),
  };
}
