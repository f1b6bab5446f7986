import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_messages (
      id bigint generated always as identity primary key,
      name text not null,
      email text not null,
      contact text not null,
      description text not null,
      type integer not null default 1,
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index contact_messages_created_at_idx on contact_messages (created_at desc, id desc)`.execute(db);

  // One row per event (a file download, a page view); the admin analytics read and sum these.
  await sql`
    create table analytics_events (
      id bigint generated always as identity primary key,
      event_name text not null,
      occurred_at timestamptz not null default now(),
      page_path text,
      referrer text,
      user_agent text,
      os_name text,
      os_version text,
      device_model text,
      device_type text,
      file_name text,
      app text,
      platform text,
      app_version text,
      user_id uuid references users (id) on delete set null
    )`.execute(db);
  await sql`create index analytics_events_name_time_idx on analytics_events (event_name, occurred_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_events`.execute(db);
  await sql`drop table if exists contact_messages`.execute(db);
}
