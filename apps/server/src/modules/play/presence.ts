import type { Seat } from '@bridge/engine';
import type { TableRequest } from './table-relay.ts';
import type { TableRoom } from './table-rooms.ts';
import type { TableSnapshot, TableViewer } from './table-view.ts';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** A table's seats as they stand: the round, who sits at each seat, and whether the server plays it. */
export interface SeatsNow {
  readonly round: number;
  userAt(seat: Seat): string | null;
  isRobot(seat: Seat): boolean;
}

/**
 * Who is away at a table, as its owner counts it: each instance's last count of its seat sockets there per user,
 * and when the owner heard it. A report older than `ttlMs` no longer counts (its instance went without a word). A
 * seat's player is away when no report counts a socket of theirs.
 */
export class TablePresence {
  private readonly reports = new Map<string, { seq: number; at: number; users: Record<string, number> }>();
  /** How long an instance's report counts without being heard again; for ever with one instance. */
  ttlMs = Number.POSITIVE_INFINITY;
  /** Since when each user of a seat here has been away, as the table first saw them away. */
  private readonly awaySince = new Map<string, string>();
  /** Each seat's `away` as the table last told it, to tell a change of presence. */
  private toldAway: Partial<Record<Seat, string | null>> = {};

  constructor(private readonly seats: SeatsNow) {}

  /** Whether the instance has reported to this owner before. */
  knows(instance: string): boolean {
    return this.reports.has(instance);
  }

  /** Takes an instance's report in without telling anyone; false when a newer one was taken already. */
  note(instance: string, seq: number, users: Record<string, number>, now = Date.now()): boolean {
    const last = this.reports.get(instance);
    if (last && last.seq > seq) return false;
    this.reports.set(instance, { seq, at: now, users });
    return true;
  }

  /** Takes the presence a previous owner told (a takeover): who was there counts as there until the instances report. */
  adopt(previous: TableSnapshot, now = Date.now()) {
    // Alone, an instance is told every change of its own sockets: nothing to carry over.
    if (previous.round !== this.seats.round || !Number.isFinite(this.ttlMs)) return;
    const there: Record<string, number> = {};
    for (const seat of SEATS) {
      const user = this.seats.userAt(seat);
      if (!user || previous.seatedUsers[seat] !== user) continue;
      const away = previous.players[seat]?.away;
      if (away) this.awaySince.set(user, away);
      else if (away === null && !previous.players[seat].robot) there[user] = 1;
    }
    this.reports.set('previous owner', { seq: 0, at: now, users: there });
    this.toldAway = this.aways(now);
  }

  /** Whether a seat's presence changed since the table last told it (a report came, or one lapsed). */
  changed(now: number): boolean {
    const aways = this.aways(now);
    return SEATS.some((seat) => aways[seat] !== this.toldAway[seat]);
  }

  /** Each seat's `away` as the table tells it now (the snapshot's), kept to tell the next change from. */
  tell(now: number): Record<Seat, string | null> {
    const aways = this.aways(now);
    this.toldAway = aways;
    return aways;
  }

  /** Each seat's `away`: since when its player has had no socket here; null while there, and for a robot's seat. */
  private aways(now: number): Record<Seat, string | null> {
    for (const [instance, report] of this.reports) if (now - report.at > this.ttlMs) this.reports.delete(instance);
    const aways = {} as Record<Seat, string | null>;
    for (const seat of SEATS) {
      const user = this.seats.userAt(seat);
      if (!user || this.seats.isRobot(seat)) {
        aways[seat] = null;
        continue;
      }
      const there = [...this.reports.values()].some((report) => (report.users[user] ?? 0) > 0);
      if (there) this.awaySince.delete(user);
      else if (!this.awaySince.has(user)) this.awaySince.set(user, new Date(now).toISOString());
      aways[seat] = there ? null : this.awaySince.get(user)!;
    }
    const seated = new Set(SEATS.map((seat) => this.seats.userAt(seat)));
    for (const user of this.awaySince.keys()) if (!seated.has(user)) this.awaySince.delete(user);
    return aways;
  }
}

/**
 * Who is connected here: this instance's word to each table's owner of its seat sockets there, per user, when one
 * sits or leaves and again every third of a lease. `seq` orders the reports, so an owner never takes an older one
 * after a newer.
 */
export class PresenceReports {
  private seq = 0;

  constructor(
    readonly instance: string,
    private readonly send: (room: TableRoom, request: TableRequest) => Promise<string | null>,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  /** The number of the next report (a new owner takes this instance's sockets in with one of its own). */
  next(): number {
    return ++this.seq;
  }

  /** Tells the table's owner this instance's seat sockets there, per user (with `joining`, about to join). */
  async report(room: TableRoom, joining?: { viewer: TableViewer }) {
    const users = usersAt(joining ? [...room.sockets, joining] : room.sockets);
    try {
      await this.send(room, { kind: 'presence', instance: this.instance, seq: this.next(), users });
    } catch (error) {
      this.log.error({ err: error, table: room.id }, 'presence at an online table not told');
    }
  }
}

/** How many seat sockets each user has among these. */
export function usersAt(sockets: Iterable<{ viewer: TableViewer }>): Record<string, number> {
  const users: Record<string, number> = {};
  for (const { viewer } of sockets) if (viewer.kind === 'seat') users[viewer.userId] = (users[viewer.userId] ?? 0) + 1;
  return users;
}
