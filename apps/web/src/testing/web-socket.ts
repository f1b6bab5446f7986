import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SocketLike } from '../lib/socket';

/**
 * A stand-in for the browser's WebSocket, driven by the test as the server: it opens, sends frames and drops when the
 * test says, and keeps what the page sent (parsed JSON). Each one the page creates is kept in `instances`, newest
 * last; what it dispatches runs inside act(), as a browser event would reach React.
 */
export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];
  readonly url: string;
  /** As the browser's: 0 connecting, 1 open, 3 closed. */
  readyState = 0;
  /** What the page sent, each frame parsed. */
  readonly sent: unknown[] = [];
  /** The code the page closed it with, once it did. */
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  /** The newest socket the page opened. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('The page opened no socket');
    return socket;
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  /** The page closes it: the browser's close event comes later, and the page has stopped listening by then. */
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    act(() => this.onopen?.({}));
  }

  /** The server sends a frame. */
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }

  /** The connection ends from the server's side or the network's (1006: dropped without a close frame). */
  drop(code = 1006) {
    this.readyState = 3;
    act(() => this.onclose?.({ code }));
  }
}

/** Puts the fake in the place of the browser's WebSocket for every test of the file. */
export function installFakeWebSocket() {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => void vi.unstubAllGlobals());
}
