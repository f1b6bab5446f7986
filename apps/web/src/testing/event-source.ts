import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

type Listener = (event: Event) => void;

/**
 * A stand-in for the browser's EventSource (happy-dom has none): the test opens it, fails it and sends it events.
 * Each one the page creates is kept in `instances`, newest last. What it dispatches runs inside act(), as a browser
 * event would reach React.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  /** As the browser's: 0 connecting, 1 open, 2 closed (given up by the browser, or closed by the page). */
  readyState = 0;
  /** The page closed it: it hears nothing more. */
  closed = false;
  onopen: Listener | null = null;
  onerror: Listener | null = null;
  onmessage: Listener | null = null;
  private listeners = new Map<string, Set<Listener>>();

  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, new Set([...(this.listeners.get(type) ?? []), listener]));
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** The stream is open (again). */
  open() {
    this.readyState = 1;
    this.emit('open');
  }

  /** The stream dropped: the browser tries again (readyState 0), or has given up on it (`givenUp`, readyState 2). */
  fail({ givenUp = false } = {}) {
    this.readyState = givenUp ? 2 : 0;
    this.emit('error');
  }

  /** The server sends an event of `type` (`open` and `error` as the browser's own); a closed stream hears nothing. */
  emit(type: string, data = '{}') {
    if (this.closed) return;
    const event = type === 'open' || type === 'error' ? new Event(type) : new MessageEvent(type, { data });
    const handler = type === 'open' ? this.onopen : type === 'error' ? this.onerror : type === 'message' ? this.onmessage : null;
    act(() => {
      handler?.(event);
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

/** Puts the fake in the place of the browser's EventSource for every test of the file. */
export function installFakeEventSource() {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => void vi.unstubAllGlobals());
}
