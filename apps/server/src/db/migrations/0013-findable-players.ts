import { sql, type Kysely } from 'kysely';

// A player's choice to be found by any director's player search (decision 058): off until the player turns it on
// on the profile page. Without it, a director finds only the players of their own earlier events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column findable boolean not null default false`.execute(db);
}
