import { sql, type Kysely } from 'kysely';

// Club sessions run from the browser: the director's console (modules/directing) and scoring at the table
// (modules/tables). An event keeps the movement chosen in the wizard or uploaded, its schedule and round clock; each
// table has a six-digit code that opens it on a phone; a table's entries wait for East-West's confirmation; each
// entry's key is remembered so a phone sending it again changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The engine's Movement (rows of round, table, ns, ew, set; winners; phantom pair) when the event was made in the
  // wizard or from an uploaded table; null for the events the organiser API made, whose movement follows from
  // movement_type and the table count as before.
  await sql`alter table tournaments add column movement jsonb`.execute(db);
  await sql`alter table tournaments add column movement_name text`.execute(db);
  await sql`alter table tournaments add column starts_at timestamptz`.execute(db);
  await sql`alter table tournaments add column minutes_per_board numeric(4, 1) not null default 7.5`.execute(db);
  await sql`alter table tournaments add column show_travellers boolean not null default true`.execute(db);
  // Null while the event is in preparation (entries may change); set when the director starts round 1.
  await sql`alter table tournaments add column started_at timestamptz`.execute(db);
  await sql`alter table tournaments add column current_round integer not null default 1`.execute(db);
  // The round clock: running since round_started_at (null when paused), plus the time run before the last pause.
  await sql`alter table tournaments add column round_started_at timestamptz`.execute(db);
  await sql`alter table tournaments add column round_elapsed_ms integer not null default 0`.execute(db);

  await sql`alter table board_results add column status text not null default 'confirmed' check (status in ('entered', 'confirmed'))`.execute(db);
  await sql`alter table board_results add column lead text check (lead ~ '^[SHDC][AKQJT98765432]$')`.execute(db);

  await sql`create table table_codes (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    table_no integer not null,
    code text not null check (code ~ '^[0-9]{6}$'),
    primary key (tournament_id, table_no),
    unique (tournament_id, code)
  )`.execute(db);
  // A phone's hold on one table: the cookie's token, hashed.
  await sql`create table table_sessions (
    token_hash text primary key,
    tournament_id uuid not null references tournaments (id) on delete cascade,
    table_no integer not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index table_sessions_expiry_idx on table_sessions (expires_at)`.execute(db);
  // Each entry a table sent, by the key the phone gave it, with the answer it had: the same key again answers the same.
  await sql`create table table_entries (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    entry_id text not null,
    table_no integer not null,
    board_no integer not null,
    ns_score integer not null,
    created_at timestamptz not null default now(),
    primary key (tournament_id, entry_id)
  )`.execute(db);
  // Boards the director marked as not played at a table in a round: no result is expected there.
  await sql`create table boards_not_played (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    round integer not null,
    table_no integer not null,
    board_no integer not null,
    primary key (tournament_id, round, table_no, board_no)
  )`.execute(db);
}
