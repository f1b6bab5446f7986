import { sql, type Kysely } from 'kysely';

// A table's entry that East-West rejected goes from board_results (the board is open again for North) but is kept
// here, as it was entered, for the director's live view: a table that entered a result only to read the traveller
// and had it withdrawn leaves a trace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table withdrawn_entries (
    id uuid primary key default gen_random_uuid(),
    tournament_id uuid not null references tournaments (id) on delete cascade,
    round integer not null,
    board_no integer not null,
    table_no integer not null,
    declarer text check (declarer in ('N', 'E', 'S', 'W')),
    level integer not null check (level between 0 and 7),
    strain text check (strain in ('C', 'D', 'H', 'S', 'NT')),
    doubled integer not null check (doubled between 0 and 2),
    tricks integer check (tricks between 0 and 13),
    lead text,
    ns_score integer not null,
    entered_at timestamptz not null,
    withdrawn_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index withdrawn_entries_event_idx on withdrawn_entries (tournament_id)`.execute(db);
}
