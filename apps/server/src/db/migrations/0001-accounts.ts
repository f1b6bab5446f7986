import { sql, type Kysely } from 'kysely';

// Migrations use raw table and column names (snake_case): they describe SQL, not TypeScript.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      names text not null,
      password_hash text not null,
      email_verified boolean not null default false,
      role text not null default 'player' check (role in ('player', 'admin')),
      disabled boolean not null default false,
      contact text,
      phone_number text,
      bfi_id text,
      city text,
      postal_index_number text,
      photo_url text,
      created_at timestamptz not null default now(),
      edited_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create index users_created_at_idx on users (created_at desc, id desc)`.execute(db);

  await sql`
    create table sessions (
      id_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip text,
      user_agent text
    )`.execute(db);
  await sql`create index sessions_user_id_idx on sessions (user_id)`.execute(db);

  await sql`
    create table email_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('verify', 'reset')),
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index email_tokens_user_id_idx on email_tokens (user_id, purpose)`.execute(db);

  await sql`
    create table outbox (
      id bigint generated always as identity primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      link text,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      claimed_at timestamptz,
      sent_at timestamptz,
      transport text,
      last_error text
    )`.execute(db);
  await sql`create index outbox_pending_idx on outbox (id) where sent_at is null`.execute(db);

  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_id uuid references users (id) on delete set null,
      actor_email text,
      action text not null,
      target text,
      outcome text not null check (outcome in ('success', 'failure')),
      ip text,
      details jsonb
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'outbox', 'email_tokens', 'sessions', 'users']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
