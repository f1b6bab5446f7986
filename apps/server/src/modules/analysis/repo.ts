import type { DoubleDummyTricks, ParResult } from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { AnalysisQueueTable } from '../../db/schema.ts';

// SQL of the double-dummy analysis: the only file that reads or writes `deal_analyses`, `deal_pars` and
// `analysis_queue`.

export type Dealer = AnalysisQueueTable['dealer'];
export type Vulnerability = AnalysisQueueTable['vulnerability'];

export interface QueuedDeal {
  dealHash: string;
  dealer: Dealer;
  vulnerability: Vulnerability;
  deal: string;
}

/** A deal put in line by an event, at its place among the event's deals. */
export interface NewQueuedDeal extends QueuedDeal {
  eventId: string;
  place: number;
}

/**
 * Puts deals in line, in statements cut into batches (an event's deals outnumber one statement's parameters); one
 * already waiting is left alone (the runner drops one already analysed).
 */
export async function enqueue(db: Db, deals: readonly NewQueuedDeal[]): Promise<void> {
  await insertInBatches(deals, (batch) =>
    db
      .insertInto('analysisQueue')
      .values(batch)
      .onConflict((conflict) => conflict.doNothing())
      .execute(),
  );
}

/**
 * The next deals to solve, the fewest tries first, the events taking turns: each event's first deal waiting (in
 * its board order), then each one's second, and so on, the event with the fewest deals waiting first in each turn,
 * then the one that queued first. A club event put in line behind three 7,200-board events is solved in the next
 * batch, and no event waits for another to be through. Tried `maxAttempts` times: left out.
 */
export const nextInQueue = (db: Db, limit: number, maxAttempts: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('analysisQueue')
        .select(['dealHash', 'dealer', 'vulnerability', 'deal', 'attempts', 'queuedAt'])
        .select((inner) => [
          inner.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('eventId').orderBy('place').orderBy('queuedAt').orderBy('dealHash'))
            .as('turn'),
          inner.fn
            .countAll<number>()
            .over((over) => over.partitionBy('eventId'))
            .as('waiting'),
          inner.fn
            .min('queuedAt')
            .over((over) => over.partitionBy('eventId'))
            .as('since'),
        ])
        .where('attempts', '<', maxAttempts)
        .as('line'),
    )
    .select(['dealHash', 'dealer', 'vulnerability', 'deal'])
    .orderBy('attempts')
    .orderBy('turn')
    .orderBy('waiting')
    .orderBy('since')
    .orderBy('dealHash')
    .limit(limit)
    .execute();

export const countQueued = async (db: Db, maxAttempts: number) =>
  Number(
    (
      await db
        .selectFrom('analysisQueue')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('attempts', '<', maxAttempts)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The tables already solved among these deals. */
export async function findTables(db: Db, dealHashes: readonly string[]): Promise<Map<string, DoubleDummyTricks>> {
  if (!dealHashes.length) return new Map();
  const rows = await db
    .selectFrom('dealAnalyses')
    .select(['dealHash', 'tricks'])
    .where('dealHash', 'in', [...new Set(dealHashes)])
    .execute();
  return new Map(rows.map((row) => [row.dealHash, row.tricks]));
}

/** Table and par of each deal played with its dealer and vulnerability, for the ones analysed. */
export async function findAnalyses(db: Db, deals: readonly { dealHash: string; dealer: Dealer; vulnerability: Vulnerability }[]) {
  if (!deals.length) return [];
  return db
    .selectFrom('dealPars')
    .innerJoin('dealAnalyses', 'dealAnalyses.dealHash', 'dealPars.dealHash')
    .select(['dealPars.dealHash', 'dealPars.dealer', 'dealPars.vulnerability', 'dealPars.score', 'dealPars.contracts', 'dealAnalyses.tricks'])
    .where('dealPars.dealHash', 'in', [...new Set(deals.map((d) => d.dealHash))])
    .execute();
}

export interface SolvedDeal extends QueuedDeal {
  tricks: DoubleDummyTricks;
  par: ParResult;
}

/** The deals of a batch whose par for their dealer and vulnerability is not stored yet. */
export async function findMissingPars(db: Db, batch: readonly QueuedDeal[]): Promise<QueuedDeal[]> {
  if (!batch.length) return [];
  const rows = await db
    .selectFrom('dealPars')
    .select(['dealHash', 'dealer', 'vulnerability'])
    .where('dealHash', 'in', [...new Set(batch.map((d) => d.dealHash))])
    .execute();
  const stored = new Set(rows.map((row) => `${row.dealHash}/${row.dealer}/${row.vulnerability}`));
  return batch.filter((d) => !stored.has(`${d.dealHash}/${d.dealer}/${d.vulnerability}`));
}

/** Stores what was solved and takes the whole batch out of the line, in one transaction. */
export async function storeSolved(db: Db, batch: readonly QueuedDeal[], solved: readonly SolvedDeal[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tables = new Map(solved.map((s) => [s.dealHash, s]));
    if (tables.size) {
      await trx
        .insertInto('dealAnalyses')
        .values([...tables.values()].map((s) => ({ dealHash: s.dealHash, deal: s.deal, tricks: JSON.stringify(s.tricks) })))
        .onConflict((conflict) => conflict.column('dealHash').doNothing())
        .execute();
      await trx
        .insertInto('dealPars')
        .values(
          solved.map((s) => ({
            dealHash: s.dealHash,
            dealer: s.dealer,
            vulnerability: s.vulnerability,
            score: s.par.score,
            contracts: JSON.stringify(s.par.contracts),
          })),
        )
        .onConflict((conflict) => conflict.columns(['dealHash', 'dealer', 'vulnerability']).doNothing())
        .execute();
    }
    for (const d of batch) {
      await trx
        .deleteFrom('analysisQueue')
        .where('dealHash', '=', d.dealHash)
        .where('dealer', '=', d.dealer)
        .where('vulnerability', '=', d.vulnerability)
        .execute();
    }
  });
}

/** A try that failed: counted, with its error, so a deal the solver cannot take does not hold the line. */
export async function recordFailure(db: Db, deals: readonly QueuedDeal[], error: string): Promise<void> {
  for (const d of deals) {
    await db
      .updateTable('analysisQueue')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: error.slice(0, 500) }))
      .where('dealHash', '=', d.dealHash)
      .where('dealer', '=', d.dealer)
      .where('vulnerability', '=', d.vulnerability)
      .execute();
  }
}
