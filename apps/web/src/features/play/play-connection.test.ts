import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@bridge/api';
import type { SocketLike } from '../../lib/socket';
import { PlayConnection } from './play-connection';

/** A socket the test drives: it opens, hears and closes when the test says. */
function fakeSocket() {
  const socket: SocketLike & { sent: string[] } = {
    readyState: 1,
    sent: [],
    send(data: string) {
      this.sent.push(data);
    },
    close() {},
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
  };
  return socket;
}

describe('the table page’s socket', () => {
  afterEach(() => vi.useRealTimers());

  it('says the event was deleted when the server closes the socket with 4004, and opens no other', () => {
    vi.useFakeTimers();
    const opened: ReturnType<typeof fakeSocket>[] = [];
    const connection = new PlayConnection('ws://bridge.test/ws/play', { key: 'abc', table: 1 }, () => {
      const socket = fakeSocket();
      opened.push(socket);
      return socket;
    });
    connection.start();
    opened[0]!.onopen?.({});
    opened[0]!.onmessage?.({ data: JSON.stringify({ type: 'error', message: messages.eventGone }) });
    opened[0]!.onclose?.({ code: 4004 });
    expect(connection.getSnapshot()).toMatchObject({ status: 'closed', error: messages.eventGone });
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
  });
});
