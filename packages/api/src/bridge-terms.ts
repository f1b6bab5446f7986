import { z } from 'zod';

/**
 * Game types of the specification (section 3), as the apps send them in `gameDetails.type`. Pair games are every
 * type but solitaire; a solitaire event is played by single players, each in a video room of their own.
 */
export const EventType = { team: 0, pair: 1, rubber: 2, auction: 3, rummy: 4, solitaire: 5, ludo: 6, unknown: 7 } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

/** The seats as results, deals and declarers carry them, clockwise from North. */
export const SEAT_LETTERS = ['N', 'E', 'S', 'W'] as const;
export type SeatLetter = (typeof SEAT_LETTERS)[number];
export const SeatLetterSchema = z.enum(SEAT_LETTERS);

/** The seats' names, in the order of the side codes the apps send (0 North, 1 East, 2 South, 3 West). */
export const SEAT_NAMES = ['North', 'East', 'South', 'West'] as const;
export type SeatName = (typeof SEAT_NAMES)[number];

/** `N` → `North`. */
export const seatNameOfLetter: Record<SeatLetter, SeatName> = { N: 'North', E: 'East', S: 'South', W: 'West' };

/** The seat of a side code (0-3), or undefined for a blank (-1) or a kibitzer (any other code). */
export const seatNameOfSide = (side: number): SeatName | undefined => SEAT_NAMES[side];
