// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFace, formatLeft, RoundClock } from './round-clock';

const ROUND = 15 * 60_000;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the round clock at the table', () => {
  it('shows the time left as mm:ss, rounded up to the second', () => {
    expect(formatLeft(ROUND)).toBe('15:00');
    expect(formatLeft(425_000)).toBe('07:05');
    expect(formatLeft(59_001)).toBe('01:00');
    expect(formatLeft(1)).toBe('00:01');
    expect(formatLeft(0)).toBe('00:00');
    expect(formatLeft(-3_000)).toBe('00:00');
    expect(formatLeft(64 * 60_000)).toBe('64:00');
  });

  it('counts a running clock down from the frame it came in; a paused one stands', () => {
    const running = { running: true, elapsedMs: 60_000, roundMs: ROUND };
    expect(clockFace(running, 1_000, 1_000)).toEqual({ status: 'running', left: '14:00', label: 'Round clock: 14 minutes left' });
    expect(clockFace(running, 1_000, 62_000)).toEqual({
      status: 'running',
      left: '12:59',
      label: 'Round clock: 12 minutes 59 seconds left',
    });
    const paused = { ...running, running: false };
    expect(clockFace(paused, 1_000, 3_600_000)).toEqual({ status: 'paused', left: '14:00', label: 'Round clock paused: 14 minutes left' });
    expect(clockFace({ ...paused, elapsedMs: ROUND - 1_000 }, 0, 0).label).toBe('Round clock paused: 1 second left');
  });

  it('marks the time up once the round has run out, running or paused', () => {
    const running = { running: true, elapsedMs: ROUND - 2_000, roundMs: ROUND };
    expect(clockFace(running, 0, 1_500)).toMatchObject({ status: 'running', left: '00:01' });
    expect(clockFace(running, 0, 2_000)).toEqual({ status: 'up', left: '00:00', label: 'Round clock: time is up' });
    expect(clockFace({ running: false, elapsedMs: ROUND + 5_000, roundMs: ROUND }, 0, 0)).toEqual({
      status: 'up',
      left: '00:00',
      label: 'Round clock: time is up, paused',
    });
  });

  it('ticks each second in a timer a screen reader does not announce, and says once that it is paused', () => {
    vi.useFakeTimers({ now: 100_000 });
    const { rerender } = render(<RoundClock clock={{ running: true, elapsedMs: 0, roundMs: ROUND }} readAt={100_000} />);
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.textContent).toBe('15:00 left');
    expect(timer.getAttribute('aria-label')).toBe('Round clock: 15 minutes left');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('14:59 left');
    expect(screen.getByRole('status').textContent).toBe('');

    // The director pauses it: the next frame has it standing.
    rerender(<RoundClock clock={{ running: false, elapsedMs: 1_000, roundMs: ROUND }} readAt={101_000} />);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('14:59 left');
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The round clock is paused');

    rerender(<RoundClock clock={{ running: true, elapsedMs: ROUND, roundMs: ROUND }} readAt={106_000} />);
    expect(screen.getByRole('timer').textContent).toBe('Time is up');
    expect(screen.getByRole('status').textContent).toBe('Time is up for this round');
  });
});
