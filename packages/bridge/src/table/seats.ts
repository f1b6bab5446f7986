import { SEATS, type Seat } from '../types.ts';

const SEAT_NAMES: Record<Seat, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };

/** The seat `steps` places clockwise from `seat` (1 is the left-hand opponent). */
export const seatAfter = (seat: Seat, steps = 1): Seat => SEATS[(SEATS.indexOf(seat) + steps) % 4]!;

/** The partner of a seat, across the table. */
export const partnerOf = (seat: Seat): Seat => seatAfter(seat, 2);

/** The seat's name in words, for messages. */
export const seatName = (seat: Seat): string => SEAT_NAMES[seat];
