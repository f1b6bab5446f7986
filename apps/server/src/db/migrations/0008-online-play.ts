import { sql, type Kysely } from 'kysely';

// Online play (modules/play): every accepted call, card, claim, undo and ruling of a board played at an online
// table, in order. A table's state is these actions replayed through the engine, so a restarted server (or another
// instance taking the table over) resumes it exactly. Stored before it is broadcast; the primary key lets only one
// action take each place in a board's sequence, whichever instance writes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table play_actions (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    round integer not null,
    table_no integer not null,
    board_no integer not null,
    seq integer not null,
    -- 'N', 'E', 'S', 'W', or 'director' for a ruling.
    actor text not null,
    action jsonb not null,
    created_at timestamptz not null default now(),
    primary key (tournament_id, round, table_no, board_no, seq)
  )`.execute(db);
  // Seats the director gave to a robot for the rest of the round (a player away too long); removed when the player
  // is given the seat back.
  await sql`create table play_substitutes (
    tournament_id uuid not null references tournaments (id) on delete cascade,
    round integer not null,
    table_no integer not null,
    seat text not null,
    created_at timestamptz not null default now(),
    primary key (tournament_id, round, table_no, seat)
  )`.execute(db);
}
