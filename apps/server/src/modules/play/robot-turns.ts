import {
  legalCalls,
  robotAcceptsClaim,
  robotAcceptsUndo,
  robotCall,
  robotPlay,
  type BoardState,
  type Call,
  type Card,
  type Seat,
  type TableAction,
} from '@bridge/engine';
import type { LiveTable } from './live-table.ts';
import type { TableRoom } from './table-rooms.ts';

/** A robot's move the database refused is tried again after this, doubled at each failure up to ROBOT_RETRY_MAX_MS. */
export const ROBOT_RETRY_MS = 250;
export const ROBOT_RETRY_MAX_MS = 8_000;
export const robotRetryDelay = (failures: number) => Math.min(ROBOT_RETRY_MAX_MS, ROBOT_RETRY_MS * 2 ** (failures - 1));

export interface RobotOptions {
  /** How long a robot waits before it acts, so people see its call or card come; 0 in tests. */
  robotDelayMs: number;
  /** The cards that keep the double-dummy best result for the seat to play, or null without a solver. */
  bestCards?: (state: BoardState) => Promise<Card[] | null>;
  /** The most tricks the side to play can take double dummy from the position as it stands, or null without a solver. */
  mostTricks?: (state: BoardState) => Promise<number | null>;
  log: { error(details: object, message: string): void };
}

/**
 * The robots of the tables this instance owns. When the server plays the seat to act (or to answer), its robot acts
 * after the delay, through `act`: the same path as a player's message, its outcome relayed by the host. One move at
 * a time a table, the next looked for once it is made. A move that failed (the database refused it) is tried again
 * after a delay that doubles at each failure (`robotRetryDelay`).
 */
export class RobotTurns {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The tables with a robot's move scheduled or under way: one at a time a table. */
  private readonly busy = new Set<LiveTable>();
  private closed = false;

  constructor(
    private readonly options: RobotOptions,
    /** Carries a robot's action out at its table and relays its outcome: its refusal, null when taken. */
    private readonly act: (room: TableRoom, live: LiveTable, seat: Seat, action: TableAction) => Promise<string | null>,
  ) {}

  /** Schedules the robot whose turn it is at the table, unless one is scheduled there already. */
  schedule(room: TableRoom, live: LiveTable, failures = 0) {
    if (this.closed || live.closed || this.busy.has(live) || !live.robotTurn()) return;
    this.busy.add(live);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.move(room, live).then(
          (acted) => {
            this.busy.delete(live);
            // Its move made (or a player's came meanwhile): the next turn may be a robot's again.
            if (acted) this.schedule(room, live);
          },
          (error: unknown) => {
            this.busy.delete(live);
            if (live.closed) return; // let go meanwhile: its new owner plays it
            this.options.log.error({ err: error, key: live.key, table: live.table, failures: failures + 1 }, 'a robot could not act; it tries again');
            this.schedule(room, live, failures + 1);
          },
        );
      },
      failures === 0 ? this.options.robotDelayMs : robotRetryDelay(failures),
    );
    this.timers.add(timer);
  }

  /** No robot acts any more: the server stops. */
  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** The robot whose turn it is acts; false when there was none, or the engine refused it. */
  private async move(room: TableRoom, live: LiveTable): Promise<boolean> {
    // Read again when the timer fires: a player may have acted meanwhile.
    const turn = live.robotTurn();
    const state = live.state;
    if (!turn || !state) return false;
    let action: TableAction;
    if (turn.answer === 'claim') action = { type: 'claimResponse', accept: await this.acceptsClaim(state) };
    // An undo asks back a card or call just made, a slip of the mouse online: robots grant it unless a hidden card
    // was shown after it (a claimer's hand), as the Laws allow a change.
    else if (turn.answer === 'undo') action = { type: 'undoResponse', accept: robotAcceptsUndo(state) };
    else action = await this.choose(state, turn.seat);
    const refused = await this.act(room, live, turn.seat, action);
    if (refused) this.options.log.error({ key: live.key, table: live.table, seat: turn.seat, action, refused }, 'the engine refused a robot');
    return !refused;
  }

  /**
   * A robot accepts a claim only when the claimer's side surely takes the tricks claimed: double dummy with the
   * solver, else by the winners it cannot lose. A rejection withdraws the claim and play goes on (docs/robot-play.md).
   */
  private async acceptsClaim(state: BoardState): Promise<boolean> {
    const solverTricks = (await this.options.mostTricks?.(state).catch(() => null)) ?? undefined;
    return robotAcceptsClaim(state, solverTricks === undefined ? {} : { solverTricks });
  }

  /** A robot's call in the auction, or its card in the play (declarer's robot plays dummy's cards too). */
  private async choose(state: BoardState, seat: Seat): Promise<TableAction> {
    const calls = state.auction.map((c) => c.call);
    const legal = legalCalls(state.dealer, calls);
    if (legal.length > 0) {
      const { call, explanation } = robotCall(state.deal[seat], seat, state.dealer, calls, state.vulnerability, (c: Call) => legal.includes(c));
      return { type: 'call', call, ...(call === 'Pass' ? {} : { explanation }) };
    }
    // The cards that keep the double-dummy best result when the solver is there; the robot then plays like a person
    // among them (low from equals, signals), or alone by its heuristic without a solver.
    const bestCards = (await this.options.bestCards?.(state).catch(() => null)) ?? undefined;
    return { type: 'play', card: robotPlay(state, bestCards ? { bestCards } : {}) };
  }
}
