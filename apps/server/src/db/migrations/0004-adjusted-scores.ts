import { sql, type Kysely } from 'kysely';

// A director's artificial adjusted score (A+ / A / A- for each side) stands in for a played result.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table board_results add column adjusted_ns text check (adjusted_ns in ('A+', 'A', 'A-'))`.execute(db);
  await sql`alter table board_results add column adjusted_ew text check (adjusted_ew in ('A+', 'A', 'A-'))`.execute(db);
  await sql`alter table board_results add constraint board_results_adjusted_both check ((adjusted_ns is null) = (adjusted_ew is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table board_results drop constraint board_results_adjusted_both`.execute(db);
  await sql`alter table board_results drop column adjusted_ew`.execute(db);
  await sql`alter table board_results drop column adjusted_ns`.execute(db);
}
