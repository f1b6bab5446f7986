import { sql, type Kysely } from 'kysely';

// The admin console's lists: keyset pages in created order, and substring search (ilike '%x%') by trigrams.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`create index users_names_trgm_idx on users using gin (names gin_trgm_ops)`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
  // "Cannot remove the last admin" counts these few rows.
  await sql`create index users_admins_idx on users (id) where role = 'admin' and not disabled`.execute(db);

  await sql`create index tournaments_key_trgm_idx on tournaments using gin (key gin_trgm_ops)`.execute(db);
  await sql`create index tournaments_type_name_trgm_idx on tournaments using gin (type_name gin_trgm_ops)`.execute(db);
  // Solitaire events are few among many pair games: their own index keeps their list a short walk.
  await sql`create index tournaments_solitaire_idx on tournaments (status, created_at desc, id desc) where type = 5`.execute(db);

  await sql`create index participants_tournament_idx on participants (tournament_id, created_at, id)`.execute(db);

  await sql`create index audit_log_actor_email_trgm_idx on audit_log using gin (actor_email gin_trgm_ops)`.execute(db);
  await sql`create index audit_log_action_at_id_idx on audit_log (action, at desc, id desc)`.execute(db);
  await sql`drop index if exists audit_log_action_idx`.execute(db);

  await sql`create index analytics_events_file_idx on analytics_events (event_name, file_name)`.execute(db);
  await sql`create index contact_messages_name_trgm_idx on contact_messages using gin ((name || ' ' || email) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists audit_log_action_idx on audit_log (action, at desc)`.execute(db);
  for (const index of [
    'contact_messages_name_trgm_idx',
    'analytics_events_file_idx',
    'audit_log_action_at_id_idx',
    'audit_log_actor_email_trgm_idx',
    'participants_tournament_idx',
    'tournaments_solitaire_idx',
    'tournaments_type_name_trgm_idx',
    'tournaments_key_trgm_idx',
    'users_admins_idx',
    'users_email_trgm_idx',
    'users_names_trgm_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
