import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { NewUser, UserRow } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { insertUser } from '../src/modules/users/repo.ts';

/** A user as the factories make it: its row and the password it signs in with. */
export type TestUser = UserRow & { password: string };

export const uniqueEmail = (prefix = 'player') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

export const DEFAULT_PASSWORD = 'correct horse battery';

// Hashing is slow on purpose (argon2id, 19 MiB): the users made with the default password share one hash, made once
// per test file. Signing in still verifies it through the real route.
let defaultPasswordHash: Promise<string> | undefined;
const passwordHashOf = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultPasswordHash ??= hashPassword(password)) : hashPassword(password);

/** A user straight in the database (verified player by default); override anything. */
export async function buildUser(app: FastifyInstance, overrides: Partial<NewUser> & { password?: string } = {}): Promise<TestUser> {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const user = await insertUser(app.database.db, {
    email: uniqueEmail(rest.role === 'admin' ? 'admin' : 'player'),
    names: 'Test Player',
    passwordHash: await passwordHashOf(password),
    emailVerified: true,
    ...rest,
  });
  return { ...user, password };
}

/** The session cookie of a response, ready for the `cookie` header of the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'bridge_session');
  if (!cookie) throw new Error(`no session cookie in the response (status ${response.statusCode})`);
  return `bridge_session=${cookie.value}`;
}

/** Signs in through the real login route and answers the cookie header. */
export async function login(app: FastifyInstance, user: { email: string; password: string }, path = '/api/v1/user/login') {
  const response = await app.inject({ method: 'POST', url: path, payload: { email: user.email, password: user.password } });
  return sessionCookie(response);
}

/** The link in the newest mail to an address, read from the outbox (mail goes there without SMTP_URL). */
export async function lastMailLink(app: FastifyInstance, to: string): Promise<string | undefined> {
  const row = await app.database.db.selectFrom('outbox').select(['link']).where('toAddress', '=', to).orderBy('id', 'desc').executeTakeFirst();
  return row?.link ?? undefined;
}

export const tokenOf = (link: string | undefined) => (link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
type Payload = string | object | undefined;

/** Requests as one caller: a user with a session, or nobody (signed out). */
export interface Client {
  /** The signed-in user; null when signed out. */
  user: TestUser | null;
  cookie: string | undefined;
  request(method: Method, url: string, payload?: Payload, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  /** The same user in a session of its own (for a request that ends or spends the session). */
  fresh(): Promise<Client>;
}

export function clientOf(app: FastifyInstance, user: TestUser | null, cookie: string | undefined): Client {
  const request = (method: Method, url: string, payload?: Payload, headers: Record<string, string> = {}) =>
    app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return {
    user,
    cookie,
    request,
    get: (url) => request('GET', url),
    post: (url, payload) => request('POST', url, payload),
    put: (url, payload) => request('PUT', url, payload),
    delete: (url) => request('DELETE', url),
    fresh: async () => (user ? signedIn(app, user) : clientOf(app, null, undefined)),
  };
}

/** A client signed in as the user (admins through the admin sign-in, as the admin console does). */
export async function signedIn(app: FastifyInstance, user: TestUser): Promise<Client> {
  return clientOf(app, user, await login(app, user, user.role === 'admin' ? '/api/admin/v1/user/login' : '/api/v1/user/login'));
}

/** A new verified user (or as overridden), signed in. */
export async function buildClient(app: FastifyInstance, overrides: Parameters<typeof buildUser>[1] = {}): Promise<Client> {
  return signedIn(app, await buildUser(app, overrides));
}

/** The same shape as a request of the Organizer app; override anything. */
export const eventDetails = {
  type: 1,
  typeName: 'Monday Pairs',
  players: 12,
  rounds: 3,
  movementType: 'Mitchell',
  scoreType: 'Match Point',
  handgeneratedModeAsString: 'Random',
  liveTableEvent: true,
  kibtzersEnabled: false,
} as const;

export interface EventOptions {
  /** Who creates the event; a new verified organiser when not given. */
  organiser?: Client;
  tables?: number;
  boardsPerRound?: number;
  /** Merged over `eventDetails`; any other field the Organizer app may send (`impMethod`) too. */
  gameDetails?: Partial<Record<keyof typeof eventDetails, unknown>> & Record<string, unknown>;
}

export interface BuiltEvent {
  id: string;
  key: string;
  organiser: Client;
}

const expectOk = (response: LightMyRequestResponse, what: string) => {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ result: unknown }>().result;
};

/** An active event (3-table Mitchell, 3 rounds of 2 boards, random deals unless told), created through the organiser API. */
export async function buildTournament(app: FastifyInstance, options: EventOptions = {}): Promise<BuiltEvent> {
  const organiser = options.organiser ?? (await buildClient(app, { names: 'Olga Organiser' }));
  const response = await organiser.post('/api/v1/tournaments', {
    tables: options.tables ?? 3,
    boardsPerRound: options.boardsPerRound ?? 2,
    gameDetails: { ...eventDetails, ...options.gameDetails },
  });
  const { id, key } = expectOk(response, 'creating an event') as { id: string; key: string };
  return { id, key, organiser };
}

/** One seat: a user (side 7 seats a kibitzer) or a bot by name. */
export type Seat = { table: number; side: number } & ({ user: TestUser } | { bot: string });

export interface SeatingOptions extends EventOptions {
  /**
   * The users seated at table 1 in the order North, East, South, West (two of them: North and South), the other
   * seats of table 1 bots; two new verified players when neither this nor `seats` is given.
   */
  players?: TestUser[];
  /** Exactly these seats instead, with no bots added (an empty list seats nobody); `players` are then their users. */
  seats?: Seat[];
  /** Results the organiser posts, in this order, once the players are seated. */
  results?: object[];
}

export interface SeatedEvent extends BuiltEvent {
  /** The seated users: with `players`, North and South of table 1 first (pair NS 1), then East and West (pair EW 1). */
  players: TestUser[];
}

const tableOneSeats = (players: TestUser[]): Seat[] => {
  if (players.length > 4) throw new Error('buildSeatedEvent seats at most the four seats of table 1');
  const sides = players.length <= 2 ? [0, 2] : [0, 1, 2, 3];
  return [0, 1, 2, 3].map((side) => {
    const player = players[sides.indexOf(side)];
    return player ? { user: player, table: 1, side } : { bot: `Robot ${side}`, table: 1, side };
  });
};

/**
 * An active event with players seated through the organiser API: by default two new verified players as North
 * and South of table 1 and bots in its other seats (see `players` and `seats`), then any `results` posted.
 */
export async function buildSeatedEvent(app: FastifyInstance, options: SeatingOptions = {}): Promise<SeatedEvent> {
  const event = await buildTournament(app, options);
  const seats =
    options.seats ?? tableOneSeats(options.players ?? [await buildUser(app, { names: 'Nora North' }), await buildUser(app, { names: 'Sam South' })]);
  if (seats.length) {
    const participants = seats.map((seat) =>
      'user' in seat
        ? { email: seat.user.email, table: seat.table, side: seat.side, isBot: false }
        : { names: seat.bot, table: seat.table, side: seat.side, isBot: true },
    );
    expectOk(await event.organiser.post(`/api/v1/tournaments/${event.key}/participants`, { participants }), 'seating players');
  }
  for (const result of options.results ?? []) {
    expectOk(await event.organiser.post(`/api/v1/tournaments/${event.key}/results`, result), `posting ${JSON.stringify(result)}`);
  }
  return { ...event, players: seats.flatMap((seat) => ('user' in seat ? [seat.user] : [])) };
}

/** One result of the first round: table 1, board 1, NS pair 1 against EW pair 1, 3NT by North making 9. */
export const firstResult = {
  round: 1,
  board: 1,
  table: 1,
  nsPair: 1,
  ewPair: 1,
  declarer: 'N',
  contract: { level: 3, strain: 'NT', doubled: 0 },
  tricks: 9,
};

export interface CompletedEvent extends SeatedEvent {
  xmlToken: string;
  resultId: string;
}

/** A seated event with its results posted (`firstResult` unless told), then completed by its organiser (ranked, with its results file). */
export async function buildCompletedEvent(app: FastifyInstance, options: SeatingOptions = {}): Promise<CompletedEvent> {
  const event = await buildSeatedEvent(app, { ...options, results: options.results ?? [firstResult] });
  const { xmlToken, resultId } = expectOk(await event.organiser.post(`/api/v1/tournaments/${event.key}/complete`), 'completing the event') as {
    xmlToken: string;
    resultId: string;
  };
  return { ...event, xmlToken, resultId };
}
