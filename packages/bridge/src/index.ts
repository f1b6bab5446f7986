/** The bridge engine: scoring, matchpoints, IMPs, movements, deals, PBN and USEBIO (issue 4). */
export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];
