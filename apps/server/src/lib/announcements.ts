import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type AnnouncementListener = (subject: string) => void;

/**
 * Tells the parts of the server that hold long-lived connections that something changed, by its id (the
 * subject), on a named channel:
 * - `user-access`: a user's access changed (disabled, role changed, deleted, sessions ended); the video
 *   signalling sockets read the user's state again;
 * - `event-changes`: an event's results, round or clock changed (by its key); the director's live view and the
 *   table phones' streams read the event again;
 * - `event-deletions`: an event was deleted (by its key): its table sockets, phones' streams and live views are
 *   told so and end.
 * Listeners read the new state from the database. With Redis every instance hears it (the socket may be on
 * another instance than the request that changed it); without, only this process. The change is heard here at
 * once either way, so a Redis outage still reaches this instance's connections.
 */
export class Announcements {
  private readonly listeners = new Set<AnnouncementListener>();
  private readonly instance = randomUUID();
  private readonly subscriber: Redis | undefined;
  /** Resolves once this instance hears the others (at once without Redis); never rejects. */
  readonly subscribed: Promise<void> = Promise.resolve();

  private readonly channel: string;

  constructor(
    name: 'user-access' | 'event-changes' | 'event-deletions',
    private readonly redis: Redis | undefined,
    private readonly log: { error(details: object, message: string): void },
  ) {
    this.channel = `bridge:${name}`;
    if (!redis) return;
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const { from, subject } = JSON.parse(raw) as { from: string; subject: string };
        if (from !== this.instance && typeof subject === 'string') this.emit(subject);
      } catch (error) {
        log.error({ err: error }, `an unreadable ${name} announcement came through Redis`);
      }
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, `could not subscribe to ${name} announcements`),
    );
  }

  /** Called after the change is committed, so a listener reads the new state. */
  async changed(subject: string): Promise<void> {
    this.emit(subject);
    if (!this.redis) return;
    try {
      await this.redis.publish(this.channel, JSON.stringify({ from: this.instance, subject }));
    } catch (error) {
      // The change itself is made; only the other instances' connections wait for their next read to notice it.
      this.log.error({ err: error, subject }, `could not tell the other instances of a ${this.channel} announcement`);
    }
  }

  on(listener: AnnouncementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.subscriber?.disconnect();
  }

  private emit(subject: string) {
    for (const listener of this.listeners) {
      try {
        listener(subject);
      } catch (error) {
        this.log.error({ err: error, subject }, `a ${this.channel} listener failed`);
      }
    }
  }
}
