import { seatName, type Seat } from '@bridge/engine';
import { SegmentedControl } from '@mantine/core';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import classes from '../play-table.module.css';

const SEATS: Seat[] = ['N', 'E', 'S', 'W'];

/** Reads the seat a viewer without one watches from (`?seat=E`); South when none or an unknown one is given. */
export const watchedSeat = (text: string | null): Seat => (SEATS.includes(text as Seat) ? (text as Seat) : 'S');

/** For a kibitzer or the director: the seat whose view they watch, at the bottom of their screen. */
export function WatchSeat({ seat, onChange }: { seat: Seat; onChange: (seat: Seat) => void }) {
  return (
    <div className={classes.watchSeat} role="group" aria-labelledby="watch-seat-label">
      <span id="watch-seat-label" className={classes.watchSeatLabel}>
        Watch from
      </span>
      <SegmentedControl size="xs" value={seat} onChange={(value) => onChange(value)} data={SEATS.map((s) => ({ value: s, label: seatName(s) }))} />
    </div>
  );
}
