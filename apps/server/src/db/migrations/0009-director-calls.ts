import { sql, type Kysely } from 'kysely';

// A player's call for the director at an online table, open until the director answers it: kept here so a restarted
// server (or another instance taking the table over) still shows it, and the director's live view lists it. One open
// call a table: the primary key refuses a second.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table director_calls (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    table_no integer not null,
    seat text not null,
    called_at timestamptz not null default now(),
    primary key (tournament_id, table_no)
  )`.execute(db);
}
