import type { Seat } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import {
  answerDirectorCall,
  callDirector,
  clearDisputedClaim,
  findDirectorCall,
  flagDisputedClaim,
  type DirectorCall,
  type DisputedClaimFlag,
} from '../results/service.ts';
import type { LiveTableHooks } from './live-table.ts';

/**
 * A table's business with the director: its call for the director, open over rounds and restarts until the director
 * answers it, and the flag of its last rejected claim in the director's live view. A flag the database refused is
 * kept and written again (`retryFlag`); the table's play goes on without it.
 */
export class TableDirector {
  /** A player's call for the director, open until the director answers it. */
  call: DirectorCall | null = null;
  /** The flag of a disputed claim the database refused: written by the next `retryFlag`. */
  private flagLeft: (() => Promise<boolean>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly event: Pick<TournamentRow, 'id' | 'key'>,
    private readonly table: number,
    private readonly hooks: LiveTableHooks,
  ) {}

  /** The services' context: the table's database, and where its changes are told once stored. */
  private get context(): ChangeContext {
    return { db: this.db, changes: this.hooks.changes };
  }

  /** Opens a call in the seat's name; false when one was open already (another instance opened it: it is read). */
  async open(seat: Seat): Promise<boolean> {
    const call = await callDirector(this.context, this.event, this.table, seat);
    this.call = call ?? (await findDirectorCall(this.db, this.event, this.table));
    return call !== null;
  }

  /** The director answers the table: its call is cleared, and the flag of a rejected claim; false when neither was there. */
  async answer(): Promise<boolean> {
    const answered = await answerDirectorCall(this.context, this.event, this.table);
    const settled = await clearDisputedClaim(this.context, this.event, this.table);
    // A flag the database refused before is answered too.
    this.flagLeft = null;
    if (!answered && !settled && !this.call) return false;
    this.call = null;
    return true;
  }

  /** A table just stopped calls the director (once: a call already open stays), and the server's log says why. */
  async callForStop(stopped: string | null, by: Seat) {
    if (!stopped) return;
    this.hooks.stopped?.(this.event.key, this.table, stopped);
    if (this.call) return;
    await this.open(by);
  }

  /** A rejected claim is flagged in the director's live view until the director rules on it or answers the table. */
  flagDispute(flag: Omit<DisputedClaimFlag, 'at'>) {
    return this.writeFlag(async () => {
      await flagDisputedClaim(this.context, this.event, flag);
      return true;
    });
  }

  /** The director ruled: the flag goes. */
  clearDispute() {
    return this.writeFlag(() => clearDisputedClaim(this.context, this.event, this.table));
  }

  /** Writes the flag the database refused last time, if any. */
  async retryFlag() {
    if (this.flagLeft) await this.writeFlag(this.flagLeft);
  }

  /**
   * Writes the flag of a disputed claim for the director's live view (or clears it: `write` answers whether the live
   * view changed). The table's action stands without it: a write the database refused is logged and kept, and tried
   * again by `retryFlag` (a later write takes the place of one kept).
   */
  private async writeFlag(write: () => Promise<boolean>) {
    this.flagLeft = null;
    try {
      await write();
    } catch (error) {
      this.flagLeft = write;
      this.hooks.failed?.(this.event.key, this.table, error, 'the flag of a disputed claim could not be written; it is tried again');
    }
  }
}
