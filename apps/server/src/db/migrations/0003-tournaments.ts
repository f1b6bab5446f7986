import { sql, type Kysely } from 'kysely';

// Relational tables for events; the API's SPEC shapes (details JSON, scoreData maps) are built at the edge.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tournaments (
      id uuid primary key default gen_random_uuid(),
      key text not null unique,
      organiser_id uuid not null references users (id) on delete cascade,
      tables integer not null check (tables between 1 and 200),
      boards_per_round integer not null check (boards_per_round between 1 and 36),
      type integer not null check (type between 0 and 7),
      type_name text not null,
      players integer not null,
      rounds integer not null check (rounds >= 1),
      movement_type text not null check (movement_type in ('Mitchell', 'Howell')),
      score_type text not null check (score_type in ('Match Point', 'IMP')),
      imp_method text check (imp_method in ('Cross', 'Butler')),
      hand_mode text not null check (hand_mode in ('Random', 'Imported', 'Hybrid')),
      live_table_event boolean not null default false,
      kibitzers_enabled boolean not null default false,
      status text not null default 'active' check (status in ('active', 'complete')),
      xml_token text unique,
      result_id text unique,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index tournaments_organiser_idx on tournaments (organiser_id, created_at desc)`.execute(db);
  await sql`create index tournaments_status_created_idx on tournaments (status, created_at desc, id desc)`.execute(db);

  await sql`
    create table participants (
      id uuid primary key default gen_random_uuid(),
      tournament_id uuid not null references tournaments (id) on delete cascade,
      user_id uuid references users (id) on delete set null,
      names text not null,
      email text,
      table_no integer not null,
      side integer not null,
      is_bot boolean not null default false,
      created_at timestamptz not null default now(),
      edited_at timestamptz not null default now()
    )`.execute(db);
  // A seat (North, East, South, West) at a table holds one player; blanks and kibitzers may repeat.
  await sql`create unique index participants_seat_key on participants (tournament_id, table_no, side) where side between 0 and 3`.execute(db);
  await sql`create index participants_user_idx on participants (user_id)`.execute(db);

  await sql`
    create table boards (
      tournament_id uuid not null references tournaments (id) on delete cascade,
      board_no integer not null,
      deal text,
      deal_index text,
      dealer text not null check (dealer in ('N', 'E', 'S', 'W')),
      vulnerability text not null check (vulnerability in ('None', 'NS', 'EW', 'All')),
      primary key (tournament_id, board_no)
    )`.execute(db);

  await sql`
    create table board_results (
      id uuid primary key default gen_random_uuid(),
      tournament_id uuid not null references tournaments (id) on delete cascade,
      round integer not null,
      board_no integer not null,
      table_no integer not null,
      ns_pair integer not null,
      ew_pair integer not null,
      declarer text check (declarer in ('N', 'E', 'S', 'W')),
      level integer not null check (level between 0 and 7),
      strain text check (strain in ('C', 'D', 'H', 'S', 'NT')),
      doubled integer not null check (doubled between 0 and 2),
      tricks integer check (tricks between 0 and 13),
      ns_score integer not null,
      created_at timestamptz not null default now(),
      edited_at timestamptz not null default now(),
      unique (tournament_id, round, board_no, table_no)
    )`.execute(db);

  await sql`
    create table pair_scores (
      tournament_id uuid not null references tournaments (id) on delete cascade,
      pair_key text not null,
      direction text check (direction in ('NS', 'EW')),
      pair_no integer not null,
      boards integer not null,
      total double precision not null,
      tops double precision not null,
      percentage double precision,
      place integer not null,
      label text not null,
      primary key (tournament_id, pair_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pair_scores', 'board_results', 'boards', 'participants', 'tournaments']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
