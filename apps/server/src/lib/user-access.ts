import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const CHANNEL = 'bridge:user-access';

export type UserAccessListener = (userId: string) => void;

/**
 * Tells the parts of the server that hold a user's long-lived connections (the video signalling sockets) that the
 * user's access changed: disabled, role changed, deleted, sessions ended. The listeners read the user's state
 * again from the database. With Redis every instance hears it (the user's socket may be on another instance than
 * the admin's request); without, only this process. The change is heard here at once either way, so a Redis
 * outage still reaches this instance's sockets.
 */
export class UserAccessEvents {
  private readonly listeners = new Set<UserAccessListener>();
  private readonly instance = randomUUID();
  private readonly subscriber: Redis | undefined;
  /** Resolves once this instance hears the others (at once without Redis); never rejects. */
  readonly subscribed: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly log: { error(details: object, message: string): void },
  ) {
    if (!redis) return;
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const { from, userId } = JSON.parse(raw) as { from: string; userId: string };
        if (from !== this.instance && typeof userId === 'string') this.emit(userId);
      } catch (error) {
        log.error({ err: error }, 'an unreadable user access change came through Redis');
      }
    });
    this.subscribed = this.subscriber.subscribe(CHANNEL).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, 'could not subscribe to user access changes'),
    );
  }

  /** Called after the change is committed, so a listener reads the new state. */
  async changed(userId: string): Promise<void> {
    this.emit(userId);
    if (!this.redis) return;
    try {
      await this.redis.publish(CHANNEL, JSON.stringify({ from: this.instance, userId }));
    } catch (error) {
      // The change itself is made; only the other instances' sockets wait for their next join to notice it.
      this.log.error({ err: error, userId }, 'could not tell the other instances of a user access change');
    }
  }

  on(listener: UserAccessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.subscriber?.disconnect();
  }

  private emit(userId: string) {
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch (error) {
        this.log.error({ err: error, userId }, 'a user access listener failed');
      }
    }
  }
}
