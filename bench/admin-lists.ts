// Admin console lists on PostgreSQL at scale: 1M users, 100k completed events (each with 2 boards, 8 result
// lines and 4 seats) and 500k audit rows, seeded with SQL. For each list page and search: the API's round trip
// (HTTP on loopback, signed in as an admin) and its server time (its Server-Timing header) against the same
// page's bare SQL, all measured in this run.
// Usage: npm run bench:admin --workspace bench   (USERS, EVENTS, AUDITS, RUNS to change the sizes; ONLY=<regex> to
// time only the pages whose names match, EXPORTS=0 to skip the exports, e.g. while profiling the server)
import pg from 'pg';
import { endpoints, urlOf, type Endpoint } from '@bridge/api';
import { signIn, startBenchServer } from './support/server.ts';

const USERS = Number(process.env.USERS ?? 1_000_000);
const EVENTS = Number(process.env.EVENTS ?? 100_000);
const AUDITS = Number(process.env.AUDITS ?? 500_000);
const RUNS = Number(process.env.RUNS ?? 40);
const ONLY = new RegExp(process.env.ONLY ?? '');
const EXPORTS = process.env.EXPORTS !== '0';

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(); // warm-up: plans and caches
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** Round trip (client side, HTTP on loopback) and the server's own time from its Server-Timing header. */
async function timeApi(request: () => Promise<Response>): Promise<{ roundTrip: number[]; server: number[] }> {
  const roundTrip: number[] = [];
  const server: number[] = [];
  const once = async () => {
    const start = performance.now();
    const response = await request();
    await response.arrayBuffer();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
    return { elapsed, server: Number(/app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]) };
  };
  for (let i = 0; i < 5; i++) await once();
  for (let i = 0; i < RUNS; i++) {
    const { elapsed, server: dur } = await once();
    roundTrip.push(elapsed);
    server.push(dur);
  }
  return { roundTrip: roundTrip.sort((a, b) => a - b), server: server.sort((a, b) => a - b) };
}

const server = await startBenchServer({ ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password', LOG_LEVEL: 'warn' });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  const seedStart = performance.now();
  // Names and emails from md5 pieces, so trigram searches meet realistic variety rather than one repeated prefix.
  await db.query(
    `
    insert into users (email, names, password_hash, email_verified, created_at)
    select substr(md5(g::text), 1, 8) || '.' || substr(md5((g * 31)::text), 1, 6) || '@example.org',
           initcap(substr(md5((g * 7)::text), 1, 6)) || ' ' || initcap(substr(md5((g * 13)::text), 1, 9)),
           'not a hash', true, now() - (g || ' seconds')::interval
    from generate_series(1, $1::int) g`,
    [USERS],
  );
  await db.query(
    `
    insert into tournaments (key, organiser_id, tables, boards_per_round, type, type_name, players, rounds, movement_type,
                             score_type, hand_mode, live_table_event, kibitzers_enabled, status, created_at, completed_at)
    select substr(md5((g * 17)::text), 1, 10), (select id from users order by created_at desc limit 1 offset (g % 1000)),
           3, 1, case when g % 10 = 0 then 5 else 1 end, 'Club night ' || g, 12, 3,
           case when g % 3 = 0 then 'Howell' else 'Mitchell' end, case when g % 2 = 0 then 'IMP' else 'Match Point' end,
           case when g % 7 = 0 then 'Hybrid' else 'Random' end, g % 5 = 0, g % 4 = 0, 'complete',
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, $1::int) g`,
    [EVENTS],
  );
  await db.query(
    `insert into boards (tournament_id, board_no, dealer, vulnerability) select id, b, 'N', 'None' from tournaments, generate_series(1, 2) b`,
  );
  await db.query(`
    insert into board_results (tournament_id, round, board_no, table_no, ns_pair, ew_pair, declarer, level, strain, doubled, tricks, ns_score)
    select id, 1, b, t, t, t, 'N', 4, 'S', 0, 10, 420 from tournaments, generate_series(1, 2) b, generate_series(1, 4) t`);
  await db.query(
    `insert into participants (tournament_id, names, table_no, side) select id, 'Seat ' || s, 1, s from tournaments, generate_series(0, 3) s`,
  );
  await db.query(
    `
    insert into audit_log (at, actor_email, action, target, outcome, ip)
    select now() - (g || ' seconds')::interval, 'director' || (g % 5000) || '@example.org',
           (array['user.login', 'result.correct', 'admin.user.disable', 'tournament.complete'])[1 + g % 4], 'target ' || g, 'success', '127.0.0.1'
    from generate_series(1, $1::int) g`,
    [AUDITS],
  );
  await db.query('analyze');
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(0);

  const admin = await signIn(server.url, 'bench@example.org', 'bench password');
  const cookie = admin.cookie;
  // Timed with the bare fetch (its Server-Timing header read), at the declared addresses.
  const api = (declared: Endpoint, query: Record<string, unknown>) => () =>
    fetch(server.url + urlOf(declared, undefined, query), { headers: { cookie } });
  const firstPage = await admin.call(endpoints.events.adminPast, { query: { limit: 10 } });
  const cursor = firstPage.lastDocId!;
  const someKey = firstPage.data[3]!.tournament.key.slice(2, 7);
  const someName = (await db.query(`select names from users order by created_at desc offset 5000 limit 1`)).rows[0].names.split(' ')[1].slice(0, 5);

  // The bare SQL of each page, written the way the repository builds it (a page reads limit + 1 rows; a past-events
  // page aggregates each event's lines and seats beside it, one round trip).
  const eventPage = (where: string, params: unknown[]) => () =>
    db.query(
      `select page.*,
         (select coalesce(json_agg(json_build_array(r.round, r.board_no, r.table_no, r.ns_pair, r.ew_pair, r.declarer, r.level, r.strain,
            r.doubled, r.tricks, r.ns_score, r.adjusted_ns, r.adjusted_ew, b.dealer, b.vulnerability) order by r.round, r.board_no, r.table_no), '[]')
          from board_results r join boards b on b.tournament_id = r.tournament_id and b.board_no = r.board_no where r.tournament_id = page.id) as lines,
         (select coalesce(json_agg(json_build_array(p.table_no, p.side, p.names) order by p.table_no, p.side), '[]')
          from participants p where p.tournament_id = page.id and p.side between 0 and 3) as seats
       from (select t.*, u.names as organiser_names, u.email as organiser_email, u.contact as organiser_contact
             from tournaments t join users u on u.id = t.organiser_id
             where t.status = 'complete' and t.type <> 5 ${where} order by t.created_at desc, t.id desc limit 11) page
       order by page.created_at desc, page.id desc`,
      params,
    );
  const cases: [string, () => Promise<Response>, () => Promise<unknown>][] = [
    ['past events, first page of 10 (with scoreData)', api(endpoints.events.adminPast, { limit: 10 }), eventPage('', [])],
    [
      'past events, page after a cursor',
      api(endpoints.events.adminPast, { limit: 10, lastDocId: cursor }),
      eventPage(`and (t.created_at, t.id) < (select created_at, id from tournaments where id = $1)`, [cursor]),
    ],
    [
      'past events, chip IMP + Howell',
      api(endpoints.events.adminPast, { limit: 10, scoreType: 'IMP', movementType: 'Howell' }),
      eventPage(`and t.score_type = 'IMP' and t.movement_type = 'Howell'`, []),
    ],
    [
      `past events, search "${someKey}"`,
      api(endpoints.events.adminSearch, { query: someKey, limit: 10 }),
      eventPage(`and (t.key ilike $1 or t.type_name ilike $1)`, [`%${someKey}%`]),
    ],
    [
      'users, first page of 10',
      api(endpoints.users.adminList, { limit: 10 }),
      () => db.query(`select * from users order by created_at desc, id desc limit 11`),
    ],
    [
      `users, search "${someName}"`,
      api(endpoints.users.adminSearch, { query: someName, limit: 10 }),
      () => db.query(`select * from users where names ilike $1 or email ilike $1 order by created_at desc, id desc limit 11`, [`%${someName}%`]),
    ],
    [
      'audits, first page of 10',
      api(endpoints.audits.adminList, { limit: 10 }),
      () => db.query(`select * from audit_log order by at desc, id desc limit 11`),
    ],
  ];

  console.log(
    `${USERS} users, ${EVENTS} events (${EVENTS * 8} result lines, ${EVENTS * 4} seats), ${AUDITS} audit rows; seeded in ${seedSeconds} s. ${RUNS} runs each after 5 warm-up runs.`,
  );
  console.log('| page | API round trip p50 / p95 | API server time p50 / p95 | bare SQL p50 / p95 | server / SQL (p95) |');
  console.log('|---|---|---|---|---|');
  const ms = (sorted: number[]) => `${p(sorted, 0.5).toFixed(1)} / ${p(sorted, 0.95).toFixed(1)} ms`;
  for (const [name, viaApi, viaSql] of cases.filter(([name]) => ONLY.test(name))) {
    const a = await timeApi(viaApi);
    const s = await time(viaSql);
    console.log(`| ${name} | ${ms(a.roundTrip)} | ${ms(a.server)} | ${ms(s)} | ${(p(a.server, 0.95) / p(s, 0.95)).toFixed(2)} |`);
  }

  // Export memory: the server's RSS before and during a 100k-row export of past events, CSV then XLSX, then XLSX
  // twice more: a peak that does not climb with each export is garbage V8 collects late, not memory kept.
  for (const format of EXPORTS ? (['csv', 'xlsx', 'xlsx', 'xlsx'] as const) : []) {
    const rssBefore = await serverRss(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => void serverRss(server.pid).then((rss) => (peak = Math.max(peak, rss))), 100);
    const start = performance.now();
    const response = await fetch(server.url + urlOf(endpoints.exports.download, { dataset: 'past-events' }, { format, type: 'all' }), {
      headers: { cookie },
    });
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    clearInterval(sampler);
    console.log(
      `export past-events (${EVENTS} rows) as ${format}: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - start) / 1000).toFixed(1)} s, server RSS ${(rssBefore / 1e6).toFixed(0)} MB -> peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - rssBefore) / 1e6).toFixed(0)} MB)`,
    );
  }
} finally {
  await db.end();
  await server.stop();
}

async function serverRss(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}
