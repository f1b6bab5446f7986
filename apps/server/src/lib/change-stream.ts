import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The subjects of `event-changes` announcements: `{key}` for a change of the whole event (its round, clock, entries
 * or completion, or a director's edit), `{key}/{table}` for a change one table made to its own results. Event keys
 * never hold a slash (they are one segment of a path).
 */
export const eventSubject = (key: string, table?: number) => (table === undefined ? key : `${key}/${table}`);

/** Whether a subject is about this event: the event itself, or any of its tables. */
export const concernsEvent = (key: string) => (subject: string) => subject === key || subject.startsWith(`${key}/`);

/** Whether a subject is about this table: the whole event, or this table's own results. */
export const concernsTable = (key: string, table: number) => (subject: string) => subject === key || subject === `${key}/${table}`;

export interface ChangeStreamOptions {
  /** How often an open stream says it is alive (a comment line), so proxies and phones keep it. */
  heartbeatMs: number;
  /**
   * A burst of changes is told as one: the first at once, then at most one more `change` per this many ms (the
   * last of the burst is never lost). A 30-table club sends a few changes a second; each makes the listener read
   * its whole view again.
   */
  coalesceMs?: number;
}

/**
 * Server-Sent Events that say `change` when an `event-changes` announcement `matches`, so the page reads its state
 * again; and `deleted` when the event the stream is about is deleted (an `event-deletions` announcement), after
 * which the stream ends (the page closes it, and opening it again answers 404). Every open stream ends when its
 * client goes, or before the app closes (so a shutdown is not held open by a page left open); the browser comes
 * back after 3 s when the connection drops.
 */
export function changeStreams(app: FastifyInstance, { heartbeatMs, coalesceMs = 100 }: ChangeStreamOptions) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  return function send(reply: FastifyReply, matches: (subject: string) => boolean) {
    const stream = new PassThrough();
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    let lastSent = 0;
    let pending: NodeJS.Timeout | undefined;
    const tell = () => {
      pending = undefined;
      lastSent = Date.now();
      stream.write('event: change\ndata: {}\n\n');
    };
    const stopListening = app.eventChanges.on((subject) => {
      if (!matches(subject) || pending) return;
      const wait = lastSent + coalesceMs - Date.now();
      if (wait <= 0) tell();
      else pending = setTimeout(tell, wait);
    });
    // The event a stream is about is the one whose own subject (its key) the stream matches.
    const stopDeletions = app.eventDeletions.on((key) => {
      if (!matches(eventSubject(key))) return;
      stream.write('event: deleted\ndata: {}\n\n');
      end();
    });
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      clearTimeout(pending);
      stopListening();
      stopDeletions();
      stream.end();
    };
    open.add(end);
    // The answer's 'close': the client went, or the answer ended.
    reply.raw.once('close', end);
    stream.write('retry: 3000\n: open\n\n');
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  };
}
