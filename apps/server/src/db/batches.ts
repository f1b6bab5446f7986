/**
 * Parameters in one statement: PostgreSQL's protocol counts them in 16 bits (at most 32,767 in PGlite), and a
 * statement past that leaves PGlite's connection unusable; every insert whose row count grows with the event is
 * cut into statements below it (docs/decisions/017).
 */
const MAX_PARAMETERS = 10_000;

/** Inserts the rows in statements of fewer than MAX_PARAMETERS parameters each, one after another. */
export async function insertInBatches<T extends object>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}
