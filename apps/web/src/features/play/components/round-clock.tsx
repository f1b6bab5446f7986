import type { PlayTableState } from '@bridge/api';
import { plural } from '../../../lib/plural';
import { readClock, useNow } from '../../../lib/round-clock';
import classes from './round-clock.module.css';

type Clock = PlayTableState['clock'];

/** How the bar shows the round clock: the time left, and whether it runs, stands or has run out. */
export interface ClockFace {
  status: 'running' | 'paused' | 'up';
  /** The time left in whole seconds, `mm:ss` (`07:05`); `00:00` once the time is up. */
  left: string;
  /** What a screen reader reads of it when asked. */
  label: string;
}

/** Minutes and seconds of a time left, rounded up to the second (a countdown shows 00:01 until the time is up). */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The clock at `now`, from the frame's reading received at `readAt` (a running clock has run on since). */
export function clockFace(clock: Clock, readAt: number, now: number): ClockFace {
  const { leftMs } = readClock(clock, readAt, now);
  const left = formatLeft(leftMs);
  if (leftMs <= 0) return { status: 'up', left: formatLeft(0), label: `Round clock: time is up${clock.running ? '' : ', paused'}` };
  const [minutes, seconds] = left.split(':').map(Number) as [number, number];
  const words = [minutes > 0 ? plural(minutes, 'minute') : '', seconds > 0 || minutes === 0 ? plural(seconds, 'second') : '']
    .filter(Boolean)
    .join(' ');
  return clock.running
    ? { status: 'running', left, label: `Round clock: ${words} left` }
    : { status: 'paused', left, label: `Round clock paused: ${words} left` };
}

/**
 * The round clock in the table's bar, counting down each second. Its ticking text is never announced (a timer's
 * region is off); a screen reader hears once when the clock is paused or the time is up.
 */
export function RoundClock({ clock, readAt }: { clock: Clock; readAt: number }) {
  const now = useNow(clock.running);
  const face = clockFace(clock, readAt, now);
  return (
    <div className={classes.clock} data-status={face.status}>
      <span role="timer" aria-live="off" aria-label={face.label} className={classes.time}>
        {face.status === 'up' ? (
          'Time is up'
        ) : (
          <>
            {face.left}
            <span className={classes.unit}> left</span>
          </>
        )}
      </span>
      {face.status === 'paused' ? (
        <span className={classes.mark} aria-hidden="true">
          Paused
        </span>
      ) : null}
      <span className={classes.srOnly} role="status">
        {face.status === 'paused' ? 'The round clock is paused' : face.status === 'up' ? 'Time is up for this round' : ''}
      </span>
    </div>
  );
}
