import { sql, type Kysely } from 'kysely';

// Double-dummy analysis (modules/analysis): each deal's table once, keyed by a hash of its PBN string from North,
// whichever events deal it; the par of each dealer and vulnerability the deal is played with; and the line of
// deals waiting for the solver, written in the same transaction as the boards, so a restart resumes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table deal_analyses (
    deal_hash text primary key,
    deal text not null,
    tricks jsonb not null,
    solved_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table deal_pars (
    deal_hash text not null references deal_analyses (deal_hash) on delete cascade,
    dealer text not null check (dealer in ('N', 'E', 'S', 'W')),
    vulnerability text not null check (vulnerability in ('None', 'NS', 'EW', 'All')),
    score integer not null,
    contracts jsonb not null,
    primary key (deal_hash, dealer, vulnerability)
  )`.execute(db);
  await sql`create table analysis_queue (
    deal_hash text not null,
    dealer text not null check (dealer in ('N', 'E', 'S', 'W')),
    vulnerability text not null check (vulnerability in ('None', 'NS', 'EW', 'All')),
    deal text not null,
    queued_at timestamptz not null default now(),
    attempts integer not null default 0,
    last_error text,
    primary key (deal_hash, dealer, vulnerability)
  )`.execute(db);
  await sql`create index analysis_queue_order_idx on analysis_queue (attempts, queued_at)`.execute(db);
  // The analysis a PBN import carried (OptimumResultTable, OptimumScore, ParContract): the event's own, shown while
  // the solver's is not there; it never enters the shared tables above.
  await sql`alter table boards add column imported_analysis jsonb`.execute(db);
  // The deals already in events wait for their analysis like new ones.
  await sql`insert into analysis_queue (deal_hash, dealer, vulnerability, deal)
    select distinct encode(sha256(convert_to(deal, 'UTF8')), 'hex'), dealer, vulnerability, deal
    from boards where deal is not null
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table boards drop column imported_analysis`.execute(db);
  await sql`drop table analysis_queue`.execute(db);
  await sql`drop table deal_pars`.execute(db);
  await sql`drop table deal_analyses`.execute(db);
}
