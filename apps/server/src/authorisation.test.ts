import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type Roles } from '../test/build-test-app.ts';
import {
  buildClient,
  buildCompletedEvent,
  buildSeatedEvent,
  buildUser,
  firstResult,
  lastMailLink,
  tokenOf,
  uniqueEmail,
  type Client,
} from '../test/factories.ts';

/**
 * Every route of the API, called by each kind of caller, with the status each must get: the one place that says
 * who may do what, so removing any guard (a session check, an owner check, an admin check) fails here. Black-box:
 * URLs only, so the table holds while the modules behind them move.
 */
const t = await buildTestApp();
const as = await t.roles();

const ROLES = ['anonymous', 'unverified', 'player', 'otherOrganiser', 'owner', 'admin'] as const satisfies readonly (keyof Roles)[];
type Role = (typeof ROLES)[number];

/**
 * What a subject looks like: an event (with the owner as organiser and the player seated at table 1, North), and
 * whatever else a row needs (a victim user, a mailed token).
 */
interface Subject {
  key: string;
  xmlToken?: string;
  userId?: string;
  email?: string;
  token?: string;
  /** Table 1's code. */
  code?: string;
}
type Build = () => Promise<Subject>;

const DEAL = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
const seated = (gameDetails: Record<string, unknown> = {}) =>
  buildSeatedEvent(t.app, { organiser: as.owner, players: [as.player.user!], gameDetails });
const completed = () => buildCompletedEvent(t.app, { organiser: as.owner, players: [as.player.user!] });

/** Subjects several rows may share: nothing a row does to them changes another row's answer. */
const once = (build: Build): Build => {
  let built: Promise<Subject> | undefined;
  return () => (built ??= build());
};
const activeEvent = once(seated);
const importedEvent = once(() => seated({ handgeneratedModeAsString: 'Imported' }));
const completedEvent = once(completed);
/** An online event (the factories' default) nobody else changes: no board of it is played. */
const reviewedEvent = once(seated);
const none: Build = async () => ({ key: 'none' });
/** An event played in a club, where phones score at the tables (an online event has no table codes). */
const clubEvent = once(() => seated({ liveTableEvent: false }));
/** The club event with table 1's code, as its organiser hands it out. */
const withTableCode = once(async () => {
  const event = await clubEvent();
  const codes = (await as.owner.get(`/api/v1/tournaments/${event.key}/tables`)).json().result as { code: string }[];
  return { ...event, code: codes[0]!.code };
});

/** A club session of the owner's made in the director's wizard (a 3-table Mitchell for 6 pairs), with its entries unless told. */
const directed = async (entries = true): Promise<Subject> => {
  const proposals = (await as.owner.get('/api/v1/direct/proposals?pairs=6')).json().result as { id: string; name: string }[];
  const created = await as.owner.post('/api/v1/direct/events', {
    name: 'Directed Pairs',
    startsAt: '2026-12-01T19:30:00+00:00',
    pairs: 6,
    movement: { kind: 'proposal', id: proposals.find((p) => p.name === 'Mitchell')!.id },
    scoring: 'matchpoints',
    deals: 'random',
  });
  expect(created.statusCode, created.body).toBe(200);
  const key = created.json().result.key as string;
  if (entries) expect((await as.owner.put(`/api/v1/direct/events/${key}/entries`, guestEntries)).statusCode).toBe(200);
  return { key };
};
const guestEntries = { pairs: ['NS1', 'EW1'].map((pair) => ({ pair, players: [{ name: `${pair} North` }, { name: `${pair} South` }] })) };
const directedEvent = once(() => directed());
/** A directed event in play: started by its owner. */
const startedEvent = once(async () => {
  const event = await directed();
  expect((await as.owner.post(`/api/v1/direct/events/${event.key}/start`)).statusCode).toBe(200);
  return event;
});

/** Fresh subjects, one per call, for a change that uses its subject up (delete, complete, a token). */
const withResult: Build = async () => {
  const event = await seated();
  expect((await as.owner.post(`/api/v1/tournaments/${event.key}/results`, firstResult)).statusCode).toBe(200);
  return event;
};
const victim: Build = async () => {
  const user = await buildUser(t.app, { names: 'Victor Victim', emailVerified: false });
  return { key: 'none', userId: user.id, email: user.email };
};
const mailedToken =
  (url: string, verified: boolean): Build =>
  async () => {
    const user = await buildUser(t.app, { emailVerified: verified });
    expect((await as.anonymous.post(url, { email: user.email })).statusCode).toBe(200);
    return { key: 'none', email: user.email, token: tokenOf(await lastMailLink(t.app, user.email)) };
  };

/**
 * An expected answer: a status, or a status whose body must ('+') or must not ('-') name the row's marker (the
 * subject's key unless the row says), for lists that answer everyone but show each caller only their own.
 */
type Expected = number | `${number}${'+' | '-'}`;
interface Row {
  /** Method and path exactly as registered. */
  route: string;
  /** A second row of one route says what differs. */
  note?: string;
  subject: Build;
  /** A subject per call, not one per row. */
  fresh?: boolean;
  /** A session of its own per call, for a request that ends the session it came in. */
  freshSession?: boolean;
  url: (s: Subject, who: Client) => string;
  payload?: (s: Subject, who: Client) => string | object;
  headers?: Record<string, string>;
  /** An answer that streams until the client goes (Server-Sent Events): its status is read, then the stream let go. */
  stream?: boolean;
  marker?: (s: Subject) => string;
  /** In the order of ROLES: anonymous, unverified, player, other organiser, owner, admin. */
  expect: [Expected, Expected, Expected, Expected, Expected, Expected];
}

const V1 = '/api/v1';
const T = `${V1}/tournaments`;
const A = '/api/admin/v1';
const TB = `${V1}/tables`;
const range = 'startDate=2026-01-01&endDate=2026-12-31';
const ALL_200: Row['expect'] = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Row['expect'] = [401, 200, 200, 200, 200, 200];
const OWNER_OR_ADMIN: Row['expect'] = [401, 403, 403, 403, 200, 200];
const ADMIN_ONLY: Row['expect'] = [401, 403, 403, 403, 403, 200];
/** A table's own session only: no user's session opens a table. */
const TABLE_ONLY: Row['expect'] = [401, 401, 401, 401, 401, 401];
const DIRECT = `${V1}/direct`;
/** Every verified user directs; an event is directed by its organiser or an admin. */
const VERIFIED: Row['expect'] = [401, 403, 200, 200, 200, 200];
const DIRECTOR: Row['expect'] = [401, 403, 403, 403, 200, 200];
/** A 3-table Mitchell as an uploaded table: NS t stays, EW moves up, boards down. */
const MITCHELL_ROWS = [1, 2, 3].flatMap((round) =>
  [1, 2, 3].map((table) => ({ round, table, ns: table, ew: ((table - round + 3) % 3) + 1, set: ((table + round - 2) % 3) + 1 })),
);
/** A fresh directed event in play, for a change that uses its rounds up. */
const startedAgain = async () => {
  const event = await directed();
  expect((await as.owner.post(`/api/v1/direct/events/${event.key}/start`)).statusCode).toBe(200);
  return event;
};
const admin = (route: string, url: (s: Subject) => string, subject: Build = none, extra: Partial<Row> = {}): Row => ({
  route: `${route}`,
  url,
  subject,
  expect: ADMIN_ONLY,
  ...extra,
});
/** Someone to sign in as: the caller itself, or for a signed-out caller a player of its own. */
const credentials = async (who: Client) => who.user ?? (await buildUser(t.app));

const ROWS: Row[] = [
  // The organiser API and the public event pages.
  {
    route: `POST ${T}`,
    subject: none,
    url: () => T,
    payload: () => ({
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: 1,
        typeName: 'New Pairs',
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    }),
    expect: [401, 403, 200, 200, 200, 200],
  },
  { route: `GET ${T}`, subject: activeEvent, url: (s) => `${T}?key=${s.key}`, expect: ALL_200 },
  { route: `GET ${T}/recent`, subject: none, url: () => `${T}/recent`, expect: ALL_200 },
  { route: `GET ${T}/mine`, subject: completedEvent, url: (s) => `${T}/mine?query=${s.key}`, expect: [401, '200-', '200+', '200-', '200+', '200-'] },
  // The newest completed event, so it is on the first page of the player's history whatever ran before.
  {
    route: `GET ${T}/mine/history`,
    subject: completed,
    fresh: true,
    url: () => `${T}/mine/history`,
    expect: [401, '200-', '200+', '200-', '200-', '200-'],
  },
  { route: `GET ${T}/mine/:key`, subject: activeEvent, url: (s) => `${T}/mine/${s.key}`, expect: [401, 404, 200, 404, 200, 404] },
  {
    route: `GET ${T}/mine/:key/pairs`,
    subject: activeEvent,
    url: (s) => `${T}/mine/${s.key}/pairs`,
    marker: () => '"pairs":["',
    expect: [401, '200-', '200+', '200-', '200-', '200-'],
  },
  {
    route: `POST ${T}/:key/participants`,
    subject: () => seated(),
    fresh: true,
    url: (s) => `${T}/${s.key}/participants`,
    payload: () => ({ participants: [{ names: 'Robot Late', table: 2, side: 0, isBot: true }] }),
    expect: OWNER_OR_ADMIN,
  },
  {
    route: `PUT ${T}/:key/boards/:board`,
    subject: importedEvent,
    url: (s) => `${T}/${s.key}/boards/1`,
    payload: () => ({ deal: DEAL }),
    expect: OWNER_OR_ADMIN,
  },
  {
    route: `POST ${T}/:key/import`,
    subject: importedEvent,
    url: (s) => `${T}/${s.key}/import`,
    payload: () => ({ pbn: `[Board "2"]\n[Deal "${DEAL}"]\n` }),
    expect: OWNER_OR_ADMIN,
  },
  {
    route: `POST ${T}/:key/import`,
    note: 'as a PBN file',
    subject: importedEvent,
    url: (s) => `${T}/${s.key}/import`,
    payload: () => `[Board "3"]\n[Deal "${DEAL}"]\n`,
    headers: { 'content-type': 'application/x-pbn' },
    expect: OWNER_OR_ADMIN,
  },
  { route: `POST ${T}/:key/results`, subject: activeEvent, url: (s) => `${T}/${s.key}/results`, payload: () => firstResult, expect: OWNER_OR_ADMIN },
  { route: `POST ${T}/:key/complete`, subject: withResult, fresh: true, url: (s) => `${T}/${s.key}/complete`, expect: OWNER_OR_ADMIN },
  { route: `GET ${T}/:key/results`, note: 'in play', subject: activeEvent, url: (s) => `${T}/${s.key}/results`, expect: OWNER_OR_ADMIN },
  { route: `GET ${T}/:key/results`, note: 'complete', subject: completedEvent, url: (s) => `${T}/${s.key}/results`, expect: ALL_200 },
  { route: `GET ${T}/:key/pbn`, note: 'in play', subject: activeEvent, url: (s) => `${T}/${s.key}/pbn`, expect: OWNER_OR_ADMIN },
  { route: `GET ${T}/:key/pbn`, note: 'complete', subject: completedEvent, url: (s) => `${T}/${s.key}/pbn`, expect: ALL_200 },
  {
    route: `GET ${T}/:key/hand-records.pdf`,
    note: 'in play',
    subject: activeEvent,
    url: (s) => `${T}/${s.key}/hand-records.pdf`,
    expect: OWNER_OR_ADMIN,
  },
  {
    route: `GET ${T}/:key/hand-records.pdf`,
    note: 'complete',
    subject: completedEvent,
    url: (s) => `${T}/${s.key}/hand-records.pdf`,
    expect: ALL_200,
  },
  // Scoring at the table: the organiser hands out the codes; anyone with a table's code opens that table, and a
  // table's calls take its own session alone, which no user's session is (tables/tables.test.ts: the session's
  // bounds).
  { route: `GET ${T}/:key/tables`, subject: clubEvent, url: (s) => `${T}/${s.key}/tables`, expect: OWNER_OR_ADMIN },
  {
    route: `POST ${TB}/:key/:table/open`,
    subject: withTableCode,
    url: (s) => `${TB}/${s.key}/1/open`,
    payload: (s) => ({ code: s.code! }),
    expect: ALL_200,
  },
  { route: `GET ${TB}/:key/:table`, subject: activeEvent, url: (s) => `${TB}/${s.key}/1`, expect: TABLE_ONLY },
  { route: `GET ${TB}/:key/:table/stream`, subject: activeEvent, url: (s) => `${TB}/${s.key}/1/stream`, expect: TABLE_ONLY },
  {
    route: `POST ${TB}/:key/:table/results`,
    subject: activeEvent,
    url: (s) => `${TB}/${s.key}/1/results`,
    payload: () => ({ board: 1, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9, entryId: 'authorisation-1' }),
    expect: TABLE_ONLY,
  },
  {
    route: `POST ${TB}/:key/:table/results/:board/confirm`,
    subject: activeEvent,
    url: (s) => `${TB}/${s.key}/1/results/1/confirm`,
    expect: TABLE_ONLY,
  },
  {
    route: `POST ${TB}/:key/:table/results/:board/reject`,
    subject: activeEvent,
    url: (s) => `${TB}/${s.key}/1/results/1/reject`,
    expect: TABLE_ONLY,
  },
  { route: `GET ${TB}/:key/:table/traveller/:board`, subject: activeEvent, url: (s) => `${TB}/${s.key}/1/traveller/1`, expect: TABLE_ONLY },
  { route: `GET ${T}/files/download/:xmlToken`, subject: completedEvent, url: (s) => `${T}/files/download/${s.xmlToken}`, expect: ALL_200 },

  // The director's printed cards: the table cards carry the codes that open the tables.
  {
    route: `GET ${V1}/direct/events/:key/table-cards.pdf`,
    subject: clubEvent,
    url: (s) => `${V1}/direct/events/${s.key}/table-cards.pdf`,
    expect: OWNER_OR_ADMIN,
  },
  {
    route: `GET ${V1}/direct/events/:key/pair-guides.pdf`,
    subject: activeEvent,
    url: (s) => `${V1}/direct/events/${s.key}/pair-guides.pdf`,
    expect: OWNER_OR_ADMIN,
  },

  // The user API.
  { route: `GET ${V1}/user`, subject: none, url: () => `${V1}/user`, expect: SIGNED_IN },
  {
    route: `POST ${V1}/user/login`,
    subject: none,
    url: () => `${V1}/user/login`,
    expect: ALL_200,
    payload: () => ({}), // replaced per caller below: its own email and password
  },
  {
    route: `POST ${V1}/user/register`,
    subject: none,
    url: () => `${V1}/user/register`,
    payload: () => ({ email: uniqueEmail('new'), password: 'a long enough password', names: 'New Comer' }),
    expect: ALL_200,
  },
  { route: `POST ${V1}/user/logout`, subject: none, freshSession: true, url: () => `${V1}/user/logout`, expect: ALL_200 },
  {
    route: `POST ${V1}/user/sendPasswordResetEmail`,
    subject: victim,
    url: () => `${V1}/user/sendPasswordResetEmail`,
    payload: (s) => ({ email: s.email! }),
    expect: ALL_200,
  },
  {
    route: `POST ${V1}/user/resetPassword`,
    subject: mailedToken(`${V1}/user/sendPasswordResetEmail`, true),
    fresh: true,
    url: () => `${V1}/user/resetPassword`,
    payload: (s) => ({ token: s.token!, password: 'another long password' }),
    expect: ALL_200,
  },
  // Signed in, the link goes to the caller's own address, which is verified already but for the unverified one.
  {
    route: `POST ${V1}/user/verify`,
    subject: victim,
    url: () => `${V1}/user/verify`,
    payload: (s) => ({ email: s.email! }),
    expect: [200, 200, 400, 400, 400, 400],
  },
  // With no address and no session there is nobody to mail.
  {
    route: `POST ${V1}/user/verify`,
    note: 'no address',
    subject: none,
    url: () => `${V1}/user/verify`,
    payload: () => ({}),
    expect: [401, 200, 400, 400, 400, 400],
  },
  {
    route: `POST ${V1}/user/verify/confirm`,
    subject: mailedToken(`${V1}/user/verify`, false),
    fresh: true,
    url: () => `${V1}/user/verify/confirm`,
    payload: (s) => ({ token: s.token! }),
    expect: ALL_200,
  },
  {
    route: `POST ${V1}/user/update`,
    subject: none,
    url: () => `${V1}/user/update`,
    payload: () => ({ type: 'city', value: 'Pune' }),
    expect: SIGNED_IN,
  },

  // Everyone's pages and tools.
  { route: 'GET /api/health', subject: none, url: () => '/api/health', expect: ALL_200 },
  {
    route: `POST ${V1}/tools/send-email`,
    subject: none,
    url: () => `${V1}/tools/send-email`,
    payload: () => ({ name: 'Ann', email: 'ann@example.com', contact: '9876543210', description: 'Hello' }),
    expect: ALL_200,
  },
  { route: `GET ${V1}/apps/releases`, subject: none, url: () => `${V1}/apps/releases`, expect: ALL_200 },
  // No installers in the test's releases folder: every caller is told so alike.
  {
    route: `GET ${V1}/apps/download`,
    subject: none,
    url: () => `${V1}/apps/download?platform=windows&file=player`,
    expect: [404, 404, 404, 404, 404, 404],
  },
  {
    route: `POST ${V1}/analytics/pageview`,
    subject: none,
    url: () => `${V1}/analytics/pageview`,
    payload: () => ({ path: '/tournaments' }),
    expect: [204, 204, 204, 204, 204, 204],
  },
  { route: `POST ${V1}/video/ice-servers`, subject: none, url: () => `${V1}/video/ice-servers`, payload: () => ({}), expect: SIGNED_IN },
  // The caller's own tables in play: the seated player's answer names the event, nobody else's does.
  { route: `GET ${V1}/video/tables`, subject: activeEvent, url: () => `${V1}/video/tables`, expect: [401, '200-', '200+', '200-', '200-', '200-'] },
  // A plain GET (no upgrade) of a signed-in caller finds no page; a signed-out one is stopped before.
  { route: 'GET /ws/video', subject: none, url: () => '/ws/video', expect: [401, 404, 404, 404, 404, 404] },
  // The table socket is for verified accounts: an unverified one is stopped before too.
  { route: 'GET /ws/play', subject: none, url: () => '/ws/play', expect: [401, 403, 404, 404, 404, 404] },
  // Anyone signed in may ask where they sit: the seated player is told table 1, nobody else a table.
  {
    route: `GET ${V1}/play/:key/table`,
    subject: activeEvent,
    url: (s) => `${V1}/play/${s.key}/table`,
    marker: () => '"table":1',
    expect: [401, '200-', '200+', '200-', '200-', '200-'],
  },
  // Anyone signed in may ask; the deal is the director's alone while nobody has played the board.
  {
    route: `GET ${V1}/play/:key/boards/:board`,
    subject: reviewedEvent,
    url: (s) => `${V1}/play/${s.key}/boards/1`,
    marker: () => '"deal":{',
    expect: [401, '200-', '200-', '200-', '200+', '200+'],
  },
  { route: 'GET /sitemap.xml', subject: none, url: () => '/sitemap.xml', expect: ALL_200 },
  { route: 'GET /robots.txt', subject: none, url: () => '/robots.txt', expect: ALL_200 },
  { route: 'GET /api/docs', subject: none, url: () => '/api/docs/', expect: ALL_200 },
  { route: 'GET /api/docs/json', subject: none, url: () => '/api/docs/json', expect: ALL_200 },
  { route: 'GET /api/docs/yaml', subject: none, url: () => '/api/docs/yaml', expect: ALL_200 },
  // Sends the reader on to the page itself.
  { route: 'GET /api/docs/static/index.html', subject: none, url: () => '/api/docs/static/index.html', expect: [302, 302, 302, 302, 302, 302] },
  { route: 'GET /api/docs/static/swagger-initializer.js', subject: none, url: () => '/api/docs/static/swagger-initializer.js', expect: ALL_200 },
  { route: 'GET /api/docs*', subject: none, url: () => '/api/docs/static/swagger-ui.css', expect: ALL_200 },

  // The admin console's sign-in: anyone may try, only an admin gets in.
  { route: `POST ${A}/user/login`, subject: none, url: () => `${A}/user/login`, payload: () => ({}), expect: [403, 403, 403, 403, 403, 200] },
  { route: `GET ${A}/user`, subject: none, url: () => `${A}/user/`, expect: ADMIN_ONLY },
  { route: `POST ${A}/user/logout`, subject: none, freshSession: true, url: () => `${A}/user/logout`, expect: ALL_200 },
  admin(`GET ${A}/users/all`, () => `${A}/users/all`),
  admin(`GET ${A}/users/search`, () => `${A}/users/search?query=victor`),
  admin(`DELETE ${A}/users/delete`, (s) => `${A}/users/delete?key=${s.userId}`, victim, { fresh: true }),
  admin(`PUT ${A}/users/disable`, (s) => `${A}/users/disable?key=${s.userId}`, victim, { fresh: true, payload: () => ({ disabled: true }) }),
  admin(`PUT ${A}/users/set-role`, () => `${A}/users/set-role`, victim, { fresh: true, payload: (s) => ({ uid: s.userId!, role: 'admin' }) }),
  admin(`PUT ${A}/users/verify`, (s) => `${A}/users/verify?key=${s.userId}`, victim, { fresh: true }),

  // The director's console.
  { route: `GET ${DIRECT}/events`, subject: directedEvent, url: () => `${DIRECT}/events`, expect: [401, 403, '200-', '200-', '200+', '200+'] },
  { route: `GET ${DIRECT}/proposals`, subject: none, url: () => `${DIRECT}/proposals?pairs=8`, expect: VERIFIED },
  {
    route: `POST ${DIRECT}/movements/check`,
    subject: none,
    url: () => `${DIRECT}/movements/check`,
    payload: () => ({ format: 'json', text: JSON.stringify({ kind: 'mitchell', rows: MITCHELL_ROWS }), boardsPerRound: 4 }),
    expect: VERIFIED,
  },
  {
    route: `POST ${DIRECT}/events`,
    subject: none,
    url: () => `${DIRECT}/events`,
    payload: () => ({
      name: 'New Directed Pairs',
      startsAt: '2026-12-01T19:30:00+00:00',
      pairs: 6,
      movement: { kind: 'upload', format: 'json', text: JSON.stringify({ kind: 'mitchell', rows: MITCHELL_ROWS }), boardsPerRound: 4 },
      scoring: 'matchpoints',
      deals: 'by-hand',
    }),
    expect: VERIFIED,
  },
  { route: `GET ${DIRECT}/players`, subject: none, url: () => `${DIRECT}/players?q=pat`, expect: VERIFIED },
  { route: `GET ${DIRECT}/events/:key/entries`, subject: directedEvent, url: (s) => `${DIRECT}/events/${s.key}/entries`, expect: DIRECTOR },
  {
    route: `PUT ${DIRECT}/events/:key/entries`,
    subject: directedEvent,
    url: (s) => `${DIRECT}/events/${s.key}/entries`,
    payload: () => guestEntries,
    expect: DIRECTOR,
  },
  { route: `GET ${DIRECT}/events/:key`, subject: directedEvent, url: (s) => `${DIRECT}/events/${s.key}`, expect: DIRECTOR },
  {
    route: `GET ${DIRECT}/events/:key/stream`,
    subject: directedEvent,
    stream: true,
    url: (s) => `${DIRECT}/events/${s.key}/stream`,
    expect: DIRECTOR,
  },
  {
    route: `POST ${DIRECT}/events/:key/start`,
    subject: () => directed(),
    fresh: true,
    url: (s) => `${DIRECT}/events/${s.key}/start`,
    expect: DIRECTOR,
  },
  {
    route: `POST ${DIRECT}/events/:key/clock`,
    subject: startedEvent,
    url: (s) => `${DIRECT}/events/${s.key}/clock`,
    payload: () => ({ running: false }),
    expect: DIRECTOR,
  },
  {
    route: `POST ${DIRECT}/events/:key/next-round`,
    subject: () => startedAgain(),
    fresh: true,
    url: (s) => `${DIRECT}/events/${s.key}/next-round`,
    expect: DIRECTOR,
  },
  {
    route: `POST ${DIRECT}/events/:key/not-played`,
    subject: startedEvent,
    url: (s) => `${DIRECT}/events/${s.key}/not-played`,
    payload: () => ({ round: 1, table: 1, board: 1, notPlayed: true }),
    expect: DIRECTOR,
  },
  // The admin console.
  admin(`GET ${A}/tournaments/active`, (s) => `${A}/tournaments/active?query=${s.key}`, activeEvent, { expect: [401, 403, 403, 403, 403, '200+'] }),
  admin(`GET ${A}/tournaments/complete`, (s) => `${A}/tournaments/complete?query=${s.key}`, completedEvent, {
    expect: [401, 403, 403, 403, 403, '200+'],
  }),
  admin(`GET ${A}/tournaments/search`, (s) => `${A}/tournaments/search?status=active&query=${s.key}`, activeEvent, {
    expect: [401, 403, 403, 403, 403, '200+'],
  }),
  admin(`DELETE ${A}/tournaments/complete/delete`, (s) => `${A}/tournaments/complete/delete?key=${s.key}`, completed, { fresh: true }),
  admin(`GET ${A}/participants/all`, (s) => `${A}/participants/all?key=${s.key}`, activeEvent),
  admin(`GET ${A}/analytics/events`, () => `${A}/analytics/events?${range}&eventName=file_download`),
  admin(`GET ${A}/analytics/downloads-summary`, () => `${A}/analytics/downloads-summary`),
  admin(`GET ${A}/audits`, () => `${A}/audits`),
  admin(`GET ${A}/dashboard`, () => `${A}/dashboard`),
  admin(`GET ${A}/contact-messages`, () => `${A}/contact-messages`),
  // No installers in the test's releases folder: an admin is told so; the others are stopped before.
  admin(`GET ${A}/tools/test-player`, () => `${A}/tools/test-player`, none, { expect: [401, 403, 403, 403, 403, 404] }),
  ...(['active-events', 'past-events', 'users', 'audits'] as const).map((dataset) =>
    admin(`GET ${A}/export/:dataset`, () => `${A}/export/${dataset}?format=csv`, none, { note: dataset }),
  ),
  admin(`GET ${A}/export/:dataset`, (s) => `${A}/export/participants?format=csv&key=${s.key}`, activeEvent, { note: 'participants' }),
  admin(`GET ${A}/export/:dataset`, () => `${A}/export/downloads?format=csv&${range}`, none, { note: 'downloads' }),
];

/** The (method, path) of every registered route but HEAD (Fastify answers HEAD as GET), from Fastify's route tree. */
function registeredRoutes(): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:[└├]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.add(`${method} ${stack.join('').replace(/(.)\/$/, '$1')}`);
  }
  return routes;
}

async function call(row: Row, role: Role, subject: Subject): Promise<LightMyRequestResponse> {
  const who = row.freshSession ? await as[role].fresh() : as[role];
  let payload = row.payload?.(subject, who);
  // The sign-ins take the caller's own credentials.
  if (row.route.endsWith('/user/login')) {
    const user = await credentials(who);
    payload = { email: user.email, password: user.password };
  }
  if (row.stream) {
    const response = await t.app.inject({
      method: 'GET',
      url: row.url(subject, who),
      headers: who.cookie ? { cookie: who.cookie } : {},
      payloadAsStream: true,
    });
    response.stream().destroy();
    return response;
  }
  return who.request(row.route.split(' ')[0] as 'GET', row.url(subject, who), payload, row.headers);
}

const outcome = (row: Row, subject: Subject, expected: Expected, response: LightMyRequestResponse): Expected => {
  if (typeof expected === 'number' || response.statusCode !== Number.parseInt(expected, 10)) return response.statusCode;
  const named = response.body.includes(row.marker?.(subject) ?? subject.key);
  return `${response.statusCode}${named ? '+' : '-'}`;
};

describe('authorisation: every route, every kind of caller', () => {
  it('the table names every route the app serves, and only those', () => {
    const registered = registeredRoutes();
    const tabled = new Set(ROWS.map((row) => row.route));
    expect(registered.size).toBeGreaterThan(50);
    expect(
      [...registered].filter((route) => !tabled.has(route)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      [...tabled].filter((route) => !registered.has(route)),
      'rows naming no route',
    ).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.route}${row.note ? ` (${row.note})` : ''}`, row] as const))('%s', async (_name, row) => {
    const shared = row.fresh ? undefined : await row.subject();
    const answers = {} as Record<Role, Expected>;
    const bodies: string[] = [];
    for (const [i, role] of ROLES.entries()) {
      const subject = shared ?? (await row.subject());
      const response = await call(row, role, subject);
      answers[role] = outcome(row, subject, row.expect[i]!, response);
      if (answers[role] !== row.expect[i]) bodies.push(`${role}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    expect(answers, bodies.join('\n')).toEqual(Object.fromEntries(ROLES.map((role, i) => [role, row.expect[i]])));
  });
});

describe('authorisation: an organiser whose address is unverified again', () => {
  // Changing the address asks to verify the new one; until then its owner may not change its events.
  const lapsed = (() => {
    let built: Promise<{ owner: Client; event: Subject }> | undefined;
    return () =>
      (built ??= (async () => {
        const owner = await buildClient(t.app, { names: 'Lapsed Organiser' });
        const event = await buildSeatedEvent(t.app, { organiser: owner, gameDetails: { handgeneratedModeAsString: 'Imported' } });
        expect((await owner.post(`${T}/${event.key}/results`, firstResult)).statusCode).toBe(200);
        const moved = await owner.post(`${V1}/user/update`, { type: 'email', value: uniqueEmail('moved'), currentPassword: owner.user!.password });
        expect(moved.statusCode, moved.body).toBe(200);
        expect((await owner.get(`${V1}/user`)).json().result.emailVerified).toBe(false);
        return { owner, event };
      })());
  })();
  const changes = ROWS.filter((row) => /^(POST|PUT) \/api\/v1\/tournaments\/:key\//.test(row.route));

  it.each(changes.map((row) => [`${row.route}${row.note ? ` (${row.note})` : ''}`, row] as const))('%s answers 403', async (_name, row) => {
    const { owner, event } = await lapsed();
    const response = await owner.request(row.route.split(' ')[0] as 'POST', row.url(event, owner), row.payload?.(event, owner), row.headers);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toBe('Please verify your email address before organising events');
  });

  it('covers every change of an event', () => {
    expect(changes.map((row) => row.route)).toEqual(
      expect.arrayContaining([
        `POST ${T}/:key/participants`,
        `PUT ${T}/:key/boards/:board`,
        `POST ${T}/:key/import`,
        `POST ${T}/:key/results`,
        `POST ${T}/:key/complete`,
      ]),
    );
  });
});
