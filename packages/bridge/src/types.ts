/** Words of the Laws of Duplicate Bridge, as the engine uses them. */
export type Seat = 'N' | 'E' | 'S' | 'W';
export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
/** 0 undoubled, 1 doubled, 2 redoubled. */
export type Doubling = 0 | 1 | 2;
export type Vulnerability = 'None' | 'NS' | 'EW' | 'All';

/** A final contract; level 0 means the board was passed out (then strain and doubling do not matter). */
export interface Contract {
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
  strain: Strain;
  doubled: Doubling;
}

export const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
export const STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
