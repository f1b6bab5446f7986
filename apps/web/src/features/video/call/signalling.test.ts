import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay, SignallingSocket, signallingUrl, type SocketLike } from './signalling';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('signalling socket', () => {
  let sockets: FakeSocket[];
  const handlers = { onOpen: vi.fn(), onMessage: vi.fn(), onLost: vi.fn() };
  const make = () =>
    new SignallingSocket('ws://x/ws/video', 'k1table0', 'u1', handlers, () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    });
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    Object.values(handlers).forEach((h) => h.mockReset());
  });
  afterEach(() => vi.useRealTimers());

  it('uses ws:// or wss:// like the page', () => {
    expect(signallingUrl({ protocol: 'https:', host: 'bridge.example' })).toBe('wss://bridge.example/ws/video');
    expect(signallingUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws/video');
  });

  it('sends the envelope of the specification: type, channelName, userUid, body', () => {
    const socket = make();
    socket.connect();
    sockets[0]!.open();
    socket.send({ type: 'join', body: { strict: true } });
    expect(sockets[0]!.sent).toEqual([{ type: 'join', channelName: 'k1table0', userUid: 'u1', body: { strict: true } }]);
  });

  it('passes parsed messages on and ignores what is not JSON', () => {
    const socket = make();
    socket.connect();
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: 'nonsense' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'disconnected', channelName: 'k1table0', body: { peerId: 'p' } }) });
    expect(handlers.onMessage).toHaveBeenCalledTimes(1);
    expect(handlers.onMessage.mock.calls[0]![0]).toMatchObject({ type: 'disconnected' });
  });

  it('reconnects with growing waits after an abnormal close, and says it was a reconnect', () => {
    const socket = make();
    socket.connect();
    sockets[0]!.open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(false);
    sockets[0]!.drop(1006);
    expect(handlers.onLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(reconnectDelay(1) - reconnectDelay(0));
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(true);
  });

  it('does not reconnect after a normal close or after hanging up', () => {
    const socket = make();
    socket.connect();
    sockets[0]!.open();
    sockets[0]!.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    const other = make();
    other.connect();
    sockets[1]!.open();
    other.close();
    expect(sockets[1]!.sent).toEqual([{ type: 'disconnect', channelName: 'k1table0', userUid: 'u1', body: {} }]);
    expect(sockets[1]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('caps the wait between attempts', () => {
    expect(reconnectDelay(0)).toBe(500);
    expect(reconnectDelay(10)).toBe(8000);
  });
});
