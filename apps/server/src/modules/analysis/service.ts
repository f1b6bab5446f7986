import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { DealAnalysis } from '@bridge/api';
import {
  contractOf,
  currentTrick,
  formatDeal,
  rankOf,
  remainingHand,
  SEATS,
  seatToPlay,
  suitOf,
  SUIT_ORDER,
  type BoardState,
  type Card,
  type Deal,
  type Hand,
} from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { PlayPosition } from './dds-binding.ts';
import * as repo from './repo.ts';
import type { Dealer, NewQueuedDeal, QueuedDeal, Vulnerability } from './repo.ts';
import type { SolverPool } from './solver-pool.ts';

/** A deal the solver failed on this many times is left out of the line (its error stays in `analysis_queue`). */
const MAX_ATTEMPTS = 3;
/** Deals taken from the line at a time: a whole event's set usually, so every solver process has work to its end. */
const BATCH = 64;
/** Another instance may have put deals in line: looked at this often while idle. */
const POLL_MS = 30_000;

export interface BoardDeal {
  /** PBN deal string from North, as the events store it (`formatDeal`). */
  deal: string;
  dealer: Dealer;
  vulnerability: Vulnerability;
}

/** The key of a deal's analysis: the same deal in any event is solved once. */
export const dealHashOf = (deal: string) => createHash('sha256').update(deal, 'utf8').digest('hex');

const queued = new EventEmitter();

/**
 * Puts an event's boards' deals in line for analysis, in their order (the events take turns in the line). Called
 * in the transaction that writes the boards, so the line holds exactly the deals that were committed; call
 * `announceQueuedDeals` once it has committed.
 */
export async function queueDeals(trx: Db, eventId: string, boards: readonly BoardDeal[]): Promise<void> {
  const unique = new Map<string, NewQueuedDeal>();
  for (const board of boards) {
    const dealHash = dealHashOf(board.deal);
    const key = `${dealHash}/${board.dealer}/${board.vulnerability}`;
    if (unique.has(key)) continue;
    unique.set(key, { dealHash, dealer: board.dealer, vulnerability: board.vulnerability, deal: board.deal, eventId, place: unique.size });
  }
  await repo.enqueue(trx, [...unique.values()]);
}

/** Wakes this instance's runner after deals were put in line and committed. */
export const announceQueuedDeals = () => queued.emit('deals');

/** The analysis of each board that has one, keyed as `analysisKey` says; boards still pending have none. */
export async function findAnalyses(db: Db, boards: readonly BoardDeal[]): Promise<Map<string, DealAnalysis>> {
  const rows = await repo.findAnalyses(
    db,
    boards.map((b) => ({ dealHash: dealHashOf(b.deal), dealer: b.dealer, vulnerability: b.vulnerability })),
  );
  return new Map(
    rows.map((row) => [
      `${row.dealHash}/${row.dealer}/${row.vulnerability}`,
      { tricks: row.tricks, par: { score: row.score, contracts: row.contracts } },
    ]),
  );
}

export const analysisKey = (board: BoardDeal) => `${dealHashOf(board.deal)}/${board.dealer}/${board.vulnerability}`;

/**
 * A board in play as the solver reads a position: the trump, who led the current trick, its cards and the cards
 * left in each hand. A claim waiting for its answers stands at the position where it was made.
 */
export function playPositionOf(state: BoardState): PlayPosition {
  const contract = contractOf(state);
  const turn = seatToPlay(state);
  if (!contract || contract.level === 0 || !turn) throw new RangeError('No card is to be played now');
  const trick = currentTrick(state);
  const remaining = {} as Deal;
  for (const seat of SEATS) {
    const cards = remainingHand(state, seat);
    remaining[seat] = Object.fromEntries(
      SUIT_ORDER.map((suit) => [
        suit,
        cards
          .filter((card) => suitOf(card) === suit)
          .map(rankOf)
          .join(''),
      ]),
    ) as Hand;
  }
  return {
    trump: contract.strain,
    first: trick[0]?.seat ?? turn,
    trick: trick.map((play) => play.card),
    remaining: formatDeal(remaining),
  };
}

export interface AnalysisRunnerOptions {
  /** The solver processes; undefined when analysis is turned off (ANALYSIS_WORKERS=0). */
  pool: SolverPool | undefined;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * Works through the line of deals in the background: solves the tables not yet known, computes each board's par,
 * and stores both with the deal's removal from the line in one transaction. A restart starts again from the line.
 */
export class AnalysisRunner {
  /** What this runner did since it started: tables solved by the library, pars computed (each deal solved once). */
  readonly stats = { tablesSolved: 0, parsComputed: 0 };
  private started: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private readonly onQueued = () => this.wake();

  constructor(
    private readonly db: Db,
    private readonly options: AnalysisRunnerOptions,
  ) {}

  /** Whether this server analyses deals: the solver loaded. */
  get available(): boolean {
    return this.options.pool?.state === 'available';
  }

  /** Starts the solver and a first pass over the line; resolves once the solver answered whether it is there. */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (!this.options.pool || !(await this.options.pool.start()) || this.closed) return;
      queued.on('deals', this.onQueued);
      this.pollTimer = setInterval(() => this.wake(), POLL_MS);
      this.pollTimer.unref();
      this.wake();
    })();
    return this.started;
  }

  /** Starts a pass over the line, or asks the pass under way for another one. */
  wake(): void {
    if (this.closed || !this.available) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /**
   * The cards that keep the double-dummy best result for the seat to play now, or null when the solver is not
   * there (turned off, the library missing, the solver closing or failing): the robot then plays by its heuristic.
   */
  bestCardsFor(state: BoardState): Promise<Card[] | null> {
    return this.solvePosition(state, async (pool, position) => (await pool.bestCards(position)).best, 'for a card; the robot plays without it');
  }

  /**
   * The most tricks the side to play can take double dummy of those left (the current trick included), from the
   * position as it stands, or null when the solver is not there: a robot answering a claim then counts by itself.
   */
  mostTricksFor(state: BoardState): Promise<number | null> {
    return this.solvePosition(state, (pool, position) => pool.mostTricks(position), 'for a claim; the robot answers without it');
  }

  /** Asks the solver about the position of a board in play; null (and logged, unless closing) when it cannot answer. */
  private async solvePosition<T>(state: BoardState, ask: (pool: SolverPool, position: PlayPosition) => Promise<T>, what: string): Promise<T | null> {
    const position = playPositionOf(state);
    const pool = this.options.pool;
    if (this.closed || !pool || !(await pool.start())) return null;
    try {
      return await ask(pool, position);
    } catch (error) {
      if (!this.closed) this.options.log.error({ err: error, position }, `the double-dummy solver could not answer ${what}`);
      return null;
    }
  }

  /** Resolves once the line holds nothing this runner can take (for tests and the bench). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    queued.off('deals', this.onQueued);
    clearInterval(this.pollTimer);
    await this.options.pool?.close();
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const batch = await repo.nextInQueue(this.db, BATCH, MAX_ATTEMPTS);
      if (!batch.length) return;
      try {
        await this.solve(batch);
      } catch (error) {
        if (this.closed) return;
        const message = error instanceof Error ? error.message : String(error);
        this.options.log.error({ err: error, deals: batch.length }, 'double-dummy analysis failed; the deals stay in line');
        await this.solveOneByOne(batch, message);
      }
    }
  }

  /** After a batch failed: each deal alone, so one deal the solver cannot take is counted against itself only. */
  private async solveOneByOne(batch: readonly QueuedDeal[], batchError: string): Promise<void> {
    for (const deal of batch) {
      if (this.closed) return;
      try {
        await this.solve([deal]);
      } catch (error) {
        await repo.recordFailure(this.db, [deal], error instanceof Error ? error.message : batchError);
      }
    }
  }

  private async solve(batch: readonly QueuedDeal[]): Promise<void> {
    const pool = this.options.pool!;
    const known = await repo.findTables(
      this.db,
      batch.map((d) => d.dealHash),
    );
    const unsolved = [...new Map(batch.filter((d) => !known.has(d.dealHash)).map((d) => [d.dealHash, d.deal])).entries()];
    const tables = await pool.tables(unsolved.map(([, deal]) => deal));
    unsolved.forEach(([dealHash], i) => known.set(dealHash, tables[i]!));
    const missingPars = await repo.findMissingPars(this.db, batch);
    const pars = await pool.pars(missingPars.map((d) => ({ tricks: known.get(d.dealHash)!, dealer: d.dealer, vulnerability: d.vulnerability })));
    this.stats.tablesSolved += tables.length;
    this.stats.parsComputed += pars.length;
    await repo.storeSolved(
      this.db,
      batch,
      missingPars.map((d, i) => ({ ...d, tricks: known.get(d.dealHash)!, par: pars[i]! })),
    );
  }
}
