import { sql, type Kysely } from 'kysely';

// The line of deals for analysis is shared between events in turns (modules/analysis `nextInQueue`): each deal
// keeps the event that put it in line and its place among that event's deals. No foreign key: a deleted event's
// deals are still analysed (the analysis is shared by every event that deals them). Deals queued before this
// migration have no event and take their turns together.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analysis_queue add column event_id uuid`.execute(db);
  await sql`alter table analysis_queue add column place integer not null default 0`.execute(db);
  await sql`drop index analysis_queue_order_idx`.execute(db);
  await sql`create index analysis_queue_turn_idx on analysis_queue (event_id, place, queued_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analysis_queue_turn_idx`.execute(db);
  await sql`alter table analysis_queue drop column place`.execute(db);
  await sql`alter table analysis_queue drop column event_id`.execute(db);
  await sql`create index analysis_queue_order_idx on analysis_queue (attempts, queued_at)`.execute(db);
}
