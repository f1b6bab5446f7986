/** The bridge engine: scoring, matchpoints, IMPs, rankings (movements, deals, PBN and USEBIO follow). */
export * from './types.ts';
export * from './board.ts';
export * from './scoring.ts';
export * from './imps.ts';
export * from './matchpoints.ts';
export * from './ranking.ts';
export * from './deal.ts';
export * from './pbn.ts';
export * from './movements.ts';
export * from './random-deal.ts';
export * from './event.ts';
export * from './pbn-export.ts';
export * from './pbn-analysis.ts';
export * from './usebio.ts';
export * from './par.ts';
export * from './movement-proposals.ts';
export * from './movement-upload.ts';
