import { sql, type Kysely } from 'kysely';

// An online table's last rejected claim, flagged in the director's live view until the director rules on it or
// answers the table. The claim itself lives in the board's stored actions (`play_actions`); this is the flag alone,
// one a table: a later dispute at the same table takes its place.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table disputed_claims (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    table_no integer not null,
    round integer not null,
    board_no integer not null,
    seat text not null,
    tricks integer not null,
    rejected_by text not null,
    disputed_at timestamptz not null default now(),
    primary key (tournament_id, table_no)
  )`.execute(db);
}
