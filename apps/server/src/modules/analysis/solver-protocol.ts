import type { DoubleDummyTricks, ParResult } from '@bridge/api';
import type { CardTricks, Dealer, PlayPosition, Vulnerability } from './dds-binding.ts';

/** One board's par to compute from a solved table. */
export interface ParQuestion {
  tricks: DoubleDummyTricks;
  dealer: Dealer;
  vulnerability: Vulnerability;
}

/** From the server to a solver process. */
export type ToSolver =
  | { type: 'tables'; id: number; deals: string[] }
  | { type: 'pars'; id: number; questions: ParQuestion[] }
  /** The cards of a position of the play, each with its tricks. */
  | { type: 'play'; id: number; position: PlayPosition }
  /** The most tricks the side to play takes in a position of the play. */
  | { type: 'tricks'; id: number; position: PlayPosition }
  /** Leave now (between two jobs: a job under way ends first). */
  | { type: 'stop' };

/** From a solver process to the server. */
export type FromSolver =
  | { type: 'ready' }
  /** The library did not load: the process then leaves at once. */
  | { type: 'unavailable'; reason: string }
  | { type: 'tables'; id: number; tables: DoubleDummyTricks[] }
  | { type: 'pars'; id: number; pars: ParResult[] }
  | { type: 'play'; id: number; cards: CardTricks[] }
  | { type: 'tricks'; id: number; tricks: number }
  | { type: 'failed'; id: number; message: string };
