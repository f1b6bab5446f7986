import { sql, type Kysely } from 'kysely';

// A confirmed line that the table enters again is kept as well, as 'replaced': whoever held the phone could enter
// a made-up line, confirm it as East-West, read the board's traveller, then enter the true line. The director sees
// every line a table entered for a board, and why it went.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawn_entries add column reason text not null default 'rejected' check (reason in ('rejected', 'replaced'))`.execute(db);
}
