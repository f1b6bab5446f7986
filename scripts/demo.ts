// Fills a running platform with realistic events through the organiser API (never SQL):
// completed Mitchell and Howell events with matchpoint and IMP scoring, one active event and one solitaire event.
// Usage: npm run demo   (DEMO_URL, default http://localhost:$PORT as the server reads it; ADMIN_EMAIL and
// ADMIN_PASSWORD of the server)
// It registers organisers and players, marks their addresses verified as the admin (a demo cannot read their
// mail), and each organiser signs in and runs their own events. Demo accounts share the password below.
import {
  boardsOfSet,
  howell,
  isVulnerable,
  mitchell,
  parsePbn,
  publishedHowell,
  seededRandom,
  boardOf,
  type Deal,
  type Movement,
  type Seat,
  type Strain,
  type Vulnerability,
} from '@bridge/engine';
import { createClient, endpoints, EventType, type ApiClient, type FetchLike } from '@bridge/api';
import { demoEvents, demoOrganisers, demoPlayers, seatEvent, type DemoAccount, type EventSpec } from './demo-data.ts';
import { demoBaseUrl, unreachableMessage } from './demo-target.ts';

const base = demoBaseUrl(process.env);
const admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
if (!admin.email || !admin.password) {
  console.error('Set ADMIN_EMAIL and ADMIN_PASSWORD to the admin account the server was started with.');
  process.exit(1);
}
const DEMO_PASSWORD = 'demo password 2026';
const random = seededRandom(Date.now());
const byte = () => {
  const b = new Uint8Array(1);
  random(b);
  return b[0]!;
};

// The API through the typed client; nothing answering at the address is said in a sentence that says how to fix it.
const reachingFetch: FetchLike = (url, init) =>
  fetch(url, init).catch((error: unknown) => {
    throw new Error(unreachableMessage(base, error));
  });
/** A client of the platform, signed out until it signs in (each keeps its own session). */
const client = () => createClient({ baseUrl: base, fetch: reachingFetch });

const HCP: Record<string, number> = { A: 4, K: 3, Q: 2, J: 1 };
const hcp = (hand: NonNullable<Deal['N']>) =>
  Object.values(hand)
    .join('')
    .split('')
    .reduce((n, r) => n + (HCP[r] ?? 0), 0);

/** A contract a real table might reach with these hands, and a plausible number of tricks. */
function playBoard(deal: Deal, vulnerability: Vulnerability) {
  const ns = hcp(deal.N!) + hcp(deal.S!);
  const side: Seat[] = ns >= 20 ? ['N', 'S'] : ['E', 'W'];
  const points = Math.max(ns, 40 - ns);
  if (points < 20 || (points === 20 && byte() % 2)) return { level: 0, strain: 'NT' as Strain, declarer: null, tricks: 0, doubled: 0 as const };
  const length = (suit: 'S' | 'H' | 'D' | 'C') => deal[side[0]!]![suit].length + deal[side[1]!]![suit].length;
  const majorFit = (['S', 'H'] as const).find((s) => length(s) >= 8);
  const minorFit = (['D', 'C'] as const).find((s) => length(s) >= 9);
  const strain: Strain = majorFit ?? (points >= 25 || !minorFit ? 'NT' : minorFit);
  const gameLevel = strain === 'NT' ? 3 : strain === 'S' || strain === 'H' ? 4 : 5;
  const level = points >= 37 ? 7 : points >= 33 ? 6 : points >= 25 ? gameLevel : points >= 23 ? 2 : 1;
  const needed: Record<number, number> = { 1: 19, 2: 22, 3: 25, 4: 25, 5: 28, 6: 33, 7: 37 };
  const declarer = hcp(deal[side[0]!]!) >= hcp(deal[side[1]!]!) ? side[0]! : side[1]!;
  const swing = (byte() % 5) - 2; // -2 .. +2 around what the points suggest
  const tricks = Math.max(0, Math.min(13, 6 + level + Math.round((points - needed[level]!) / 3) + (swing === 2 ? 1 : swing === -2 ? -1 : 0)));
  const doubled: 0 | 1 = tricks < 6 + level && byte() % 6 === 0 && !isVulnerable(vulnerability, declarer) ? 1 : 0;
  return { level, strain, declarer, tricks, doubled };
}

function movementOf(movementType: 'Mitchell' | 'Howell', tables: number): Movement {
  if (movementType === 'Mitchell') return mitchell(tables, 'skip');
  return tables * 2 <= 14 ? publishedHowell(tables * 2) : howell(tables * 2);
}

async function runEvent(organiser: ApiClient, spec: EventSpec, players: string[]) {
  const { key } = await organiser.call(endpoints.events.create, {
    body: {
      tables: spec.tables,
      boardsPerRound: spec.boardsPerRound,
      gameDetails: {
        type: spec.type ?? EventType.pair,
        typeName: spec.name,
        players: spec.tables * 4,
        rounds: spec.rounds,
        movementType: spec.movementType,
        scoreType: spec.scoreType,
        impMethod: spec.impMethod,
        handgeneratedModeAsString: 'Random',
        liveTableEvent: false,
        kibtzersEnabled: true,
      },
    },
  });
  const seats = seatEvent(spec.tables, players, byte);
  await organiser.call(endpoints.events.addParticipants, { params: { key }, body: { participants: seats } });
  // The deals come back in the event's PBN file, as the Organizer app would read them.
  const pbn = await (await organiser.call(endpoints.events.pbnFile, { params: { key } })).text();
  const boards = new Map(
    parsePbn(pbn).map((game) => {
      const b = boardOf(game);
      return [b.board, b] as const;
    }),
  );
  const movement = movementOf(spec.movementType, spec.tables);
  const rows = movement.rows.filter(
    (row) => row.round <= spec.rounds && (!movement.phantomPair || (row.ns !== movement.phantomPair && row.ew !== movement.phantomPair)),
  );
  const lastRound = spec.complete ? spec.rounds : Math.ceil(spec.rounds / 2);
  let posted = 0;
  for (const row of rows.filter((r) => r.round <= lastRound)) {
    for (const board of boardsOfSet(row.set, spec.boardsPerRound)) {
      const b = boards.get(board)!;
      const play = playBoard(b.deal!, b.vulnerability);
      await organiser.call(endpoints.events.postResult, {
        params: { key },
        body: {
          round: row.round,
          board,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: play.declarer,
          contract: { level: play.level, strain: play.strain, doubled: play.doubled },
          tricks: play.tricks,
        },
      });
      posted++;
    }
  }
  if (spec.complete) await organiser.call(endpoints.events.complete, { params: { key } });
  console.log(`${spec.complete ? 'completed' : 'active   '} ${spec.name}: ${posted} results, ${base}/results/${key}`);
}

/**
 * Registers an account (or finds it from an earlier run), has the admin mark its address verified, then signs in
 * as it to give it its name (again, for an account from an earlier run) and contact.
 */
async function demoAccount(account: DemoAccount, adminSession: ApiClient): Promise<boolean> {
  const { email, names, contact } = account;
  try {
    await client().call(endpoints.users.register, { body: { email, password: DEMO_PASSWORD, names } });
  } catch (error) {
    console.warn(`could not register ${email}: ${(error as Error).message}`);
  }
  const found = await adminSession.call(endpoints.users.adminSearch, { query: { query: email } });
  const user = found.data.find((u) => u.email === email);
  if (!user) return false;
  await adminSession.call(endpoints.users.adminVerify, { query: { key: user.uid } });
  try {
    const session = await signInAs(email, DEMO_PASSWORD);
    await session.call(endpoints.users.update, { body: { type: 'name', value: names } });
    if (contact) await session.call(endpoints.users.update, { body: { type: 'contact', value: contact } });
  } catch (error) {
    console.warn(`could not set the name and contact of ${email}: ${(error as Error).message}`);
  }
  return true;
}

async function signInAs(
  email: string,
  password: string,
  login: typeof endpoints.users.login | typeof endpoints.users.adminLogin = endpoints.users.login,
) {
  const session = client();
  await session.call(login, { body: { email, password } });
  return session;
}

async function main() {
  const adminSession = await signInAs(admin.email!, admin.password!, endpoints.users.adminLogin);
  // A few real accounts: registration allows five an address per quarter hour, so the rest of the field are
  // named bots.
  const organisers: string[] = [];
  for (const account of demoOrganisers) {
    if (await demoAccount(account, adminSession)) organisers.push(account.email);
  }
  const players: string[] = [];
  for (const account of demoPlayers) {
    if (await demoAccount(account, adminSession)) players.push(account.email);
  }
  for (const spec of demoEvents) {
    const organiser = organisers[spec.organiser % Math.max(1, organisers.length)];
    // Without a demo organiser (registration refused), the admin runs the event.
    await runEvent(organiser ? await signInAs(organiser, DEMO_PASSWORD) : adminSession, spec, [...players]);
  }
  console.log(`Demo accounts (password "${DEMO_PASSWORD}"): ${[...organisers, ...players].join(', ')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
