import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventStream } from './event-stream';
import { reconnectDelay } from './socket';

/** A stand-in for the browser's EventSource: the test opens it, gives it up and sends it events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  /** As the browser's: 0 connecting, 1 open, 2 closed (given up). */
  readyState = 0;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string) {
    if (type === 'open') this.readyState = 1;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new Event(type));
    });
  }
  /** An answer that is not a stream (a 401, a proxy's 502): the browser gives up. */
  giveUp() {
    this.readyState = 2;
    this.emit('error');
  }
}

const original = window.EventSource;
beforeEach(() => {
  FakeEventSource.instances = [];
  window.EventSource = FakeEventSource as unknown as typeof EventSource;
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  window.EventSource = original;
  vi.useRealTimers();
});

const latest = () => FakeEventSource.instances.at(-1)!;

describe('useEventStream', () => {
  it('says the stream is live once open, and calls back on opening and on each change', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useEventStream('/api/stream', onChange));
    expect(result.current).toBe('connecting');
    expect(latest().url).toBe('/api/stream');
    latest().emit('open');
    expect(result.current).toBe('live');
    expect(onChange).toHaveBeenCalledTimes(1);
    latest().emit('change');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('reads again when the browser gives a stream up, and opens a new one after a backoff that grows and resets once open', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useEventStream('/api/stream', onChange));
    latest().giveUp();
    expect(result.current).toBe('reconnecting');
    expect(onChange).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(reconnectDelay(0));
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().giveUp();
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(1) - 1);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(FakeEventSource.instances).toHaveLength(3);

    latest().emit('open');
    expect(result.current).toBe('live');
    latest().giveUp();
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(0));
    });
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('leaves a dropped connection to the browser, which reconnects it by itself', () => {
    const { result } = renderHook(() => useEventStream('/api/stream', () => {}));
    latest().emit('open');
    latest().emit('error');
    expect(result.current).toBe('reconnecting');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a fresh stream at once when the page is back online, since a quiet one may be dead', () => {
    renderHook(() => useEventStream('/api/stream', () => {}));
    latest().emit('open');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.readyState).toBe(2);
  });

  it('ends for good on `deleted`, after a last read', () => {
    const onChange = vi.fn();
    renderHook(() => useEventStream('/api/stream', onChange));
    latest().emit('open');
    latest().emit('deleted');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(latest().readyState).toBe(2);
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens nothing without a url, and closes the stream when the page leaves', () => {
    const { rerender, unmount } = renderHook(({ url }: { url: string | null }) => useEventStream(url, () => {}), {
      initialProps: { url: null as string | null },
    });
    expect(FakeEventSource.instances).toHaveLength(0);
    rerender({ url: '/api/stream' });
    expect(FakeEventSource.instances).toHaveLength(1);
    unmount();
    expect(latest().readyState).toBe(2);
  });
});
