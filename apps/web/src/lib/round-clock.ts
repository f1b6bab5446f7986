// The event's round clock as the server reads it (a running clock runs on from the reading), shared by the
// director's live view and the online table's bar.
import { useEffect, useState } from 'react';

export type RoundClock = { running: boolean; elapsedMs: number; roundMs: number };

export type ClockReading = { elapsedMs: number; leftMs: number; late: boolean };

/** The clock now, from the server's reading at `readAt` (a running clock has run on since). */
export function readClock(clock: RoundClock, readAt: number, now: number): ClockReading {
  const elapsedMs = clock.elapsedMs + (clock.running ? Math.max(0, now - readAt) : 0);
  return { elapsedMs, leftMs: clock.roundMs - elapsedMs, late: elapsedMs > clock.roundMs };
}

/** Minutes and seconds, `7:05`; an hour or more as `1:02:05`. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The time now, renewed every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is an outside source, read again as ticking starts or stops
    setNow(Date.now());
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
