import type { Db } from '../db/database.ts';
import { eventSubject } from './change-stream.ts';

/**
 * A change of events that what watches them must hear (docs/decisions/060). The service that makes the change
 * emits it once, after its transaction commits, so whoever hears it and reads the database sees the new state.
 * `table`: the change is one table's own (its entries, its board played out, its call for the director); without
 * it the whole event changed.
 */
export type EventChange =
  /** A board's deal was set, or a PBN file's deals imported: online tables not yet acting on a board play the new deal. */
  | { kind: 'dealsChanged'; key: string }
  /** A result line was posted: by the organiser (the whole event), or played out at an online table (`table`). */
  | { kind: 'resultPosted'; key: string; table?: number }
  /** A table's phone entered, or East-West confirmed or rejected, one of the table's lines. */
  | { kind: 'tableEntryChanged'; key: string; table: number }
  /** The director marked (or unmarked) a board not played at a table. */
  | { kind: 'boardNotPlayed'; key: string }
  /** The director's entries replaced the event's pairs. */
  | { kind: 'entriesChanged'; key: string }
  /** Play started (round 1), or moved to the next round. */
  | { kind: 'roundStarted'; key: string; round: number }
  /** The round clock was run or paused. */
  | { kind: 'clockChanged'; key: string }
  /** A player called the director, a claim was rejected, or the director answered or ruled, at an online table. */
  | { kind: 'directorCallChanged'; key: string; table: number }
  /** The event was completed: its ranking is stored and it changes no more. */
  | { kind: 'eventCompleted'; key: string }
  /** An admin deleted the event. */
  | { kind: 'eventDeleted'; key: string }
  /** An account was deleted: the events it organised went with it, its seats in others lost the account. */
  | { kind: 'accountDeleted'; deletedKeys: readonly string[]; changedKeys: readonly string[] };

/** Where a service emits its changes (the app's fan-out; a test's recorder). */
export interface EventChanges {
  emit(change: EventChange): Promise<void>;
}

/** What a service that changes events is given: its database and where its changes go once committed. */
export interface ChangeContext {
  db: Db;
  changes: EventChanges;
}

/** The cross-instance announcements the fan-out speaks through (lib/announcements.ts). */
interface Announcer {
  changed(subject: string): Promise<void>;
}

/**
 * The one fan-out: each change becomes the announcements its listeners hear, on every instance through Redis.
 * - `event-changes` with the event's key (`{key}`): the online tables of the event read it again (play host), and
 *   every phone's stream (tables) and live view's stream (directing) of the event says `change`;
 * - `event-changes` with a table's subject (`{key}/{table}`): that table's phones and the event's live views say
 *   `change`; the online tables are not read again (the table made the change itself);
 * - `event-deletions` with the key: the event's table sockets are told and closed, its tables stop, and its phones'
 *   and live views' streams say `deleted` and end.
 */
export function fanOutEventChanges({ eventChanges, eventDeletions }: { eventChanges: Announcer; eventDeletions: Announcer }): EventChanges {
  return {
    async emit(change) {
      switch (change.kind) {
        case 'eventDeleted':
          return eventDeletions.changed(change.key);
        case 'accountDeleted':
          for (const key of change.deletedKeys) await eventDeletions.changed(key);
          // Its seats lost the account: a table in play gives such a seat to a robot at once instead of waiting.
          for (const key of change.changedKeys) await eventChanges.changed(key);
          return;
        case 'resultPosted':
        case 'tableEntryChanged':
        case 'directorCallChanged':
          return eventChanges.changed(eventSubject(change.key, change.table));
        default:
          return eventChanges.changed(change.key);
      }
    },
  };
}

/** Changes nobody hears: for a reader that changes nothing, and for tests of a service alone. */
export const unheardChanges: EventChanges = { emit: async () => undefined };
