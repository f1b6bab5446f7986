import { randomInt } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { boardsOfSet, mitchell, type MovementRow } from '@bridge/engine';
import { createClient, endpoints, EventType, type ApiClient, type GameDetails, type PostResultLine } from '@bridge/api';

// The platform's API driven from the test, as the Organizer app and the admin would: accounts, events, seats,
// through the typed client of packages/api. Each call comes from its own made-up address (the test server trusts
// X-Forwarded-For), so the per-address limits on registration and login do not trip however often the tests run
// against a shared Redis.

const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A client of the test server, each call from its own address; signed out until it signs in. */
export const apiClient = (url: string): ApiClient => createClient({ baseUrl: url, headers: () => ({ 'x-forwarded-for': someAddress() }) });

/** A signed-in client: its `cookie` holds the session. */
export type ApiSession = ApiClient;

/** Signs in through the API (`endpoints.users.login`, or the admin console's `adminLogin`) and keeps the session cookie. */
export async function signIn(
  url: string,
  email: string,
  password: string,
  login: typeof endpoints.users.login | typeof endpoints.users.adminLogin = endpoints.users.login,
): Promise<ApiSession> {
  const client = apiClient(url);
  await client.call(login, { body: { email, password } });
  return client;
}

export interface Account {
  email: string;
  password: string;
  names: string;
}

/** Registers an account and has the admin mark its address verified (the test does not read its mail). */
export async function registerVerified(url: string, admin: ApiSession, account: Account): Promise<void> {
  await apiClient(url).call(endpoints.users.register, { body: { email: account.email, password: account.password, names: account.names } });
  const found = await admin.call(endpoints.users.adminSearch, { query: { query: account.email } });
  const user = found.data.find((u) => u.email === account.email.toLowerCase());
  if (!user) throw new Error(`registered ${account.email} but the admin cannot find it`);
  await admin.call(endpoints.users.adminVerify, { query: { key: user.uid } });
}

/** Creates a pair event with the organiser's session and seats players by email: `seats[i]` = { email, table, side }. */
export async function createEvent(
  organiser: ApiSession,
  event: { tables: number; typeName: string; type?: EventType; seats: { email: string; table: number; side: number }[] },
): Promise<string> {
  const { key } = await organiser.call(endpoints.events.create, {
    body: {
      tables: event.tables,
      boardsPerRound: 2,
      gameDetails: {
        type: event.type ?? EventType.pair,
        typeName: event.typeName,
        players: event.tables * 4,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    },
  });
  if (event.seats.length) await organiser.call(endpoints.events.addParticipants, { params: { key }, body: { participants: event.seats } });
  return key;
}

/**
 * An online event for the table page's journeys, started by the director: a 3-table Mitchell (3 rounds of 2 boards
 * unless told), random deals, kibitzers allowed, with people seated by email (`{ email, table, side }`); robots play
 * every other seat.
 */
export async function startOnlineEvent(
  director: ApiSession,
  event: { seats: { email: string; table: number; side: number }[]; rounds?: number; boardsPerRound?: number; typeName?: string },
): Promise<string> {
  const { key } = await director.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: event.boardsPerRound ?? 2,
      gameDetails: {
        type: EventType.pair,
        typeName: event.typeName ?? 'Online evening',
        players: 12,
        rounds: event.rounds ?? 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: true,
        kibtzersEnabled: true,
      },
    },
  });
  await director.call(endpoints.events.addParticipants, { params: { key }, body: { participants: event.seats } });
  await director.call(endpoints.directing.start, { params: { key } });
  return key;
}

/** A board's result as a journey posts it: the contract, its declarer and the tricks. */
export type PlayedBoard = Pick<PostResultLine, 'declarer' | 'contract' | 'tricks'>;

export interface MitchellEvent {
  name: string;
  scoreType?: GameDetails['scoreType'];
  type?: EventType;
  /** Named seats (bots, so no account is needed): `{ names, table, side }`. */
  bots?: { names: string; table: number; side: number }[];
  /** Each board's result at a row of the movement; null leaves it unplayed. */
  play: (row: MovementRow, board: number) => PlayedBoard | null;
  /** Closes the event once the boards are posted. */
  complete: boolean;
}

/**
 * The Organizer app's part of a club night through the real API: a 3-table Mitchell of 3 rounds and 2 boards a
 * round, named seats, the boards `play` gives a result posted, and the event closed when asked. Answers its key.
 */
export async function runMitchell(organiser: ApiSession, event: MitchellEvent): Promise<string> {
  const { key } = await organiser.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: event.type ?? EventType.pair,
        typeName: event.name,
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: event.scoreType ?? 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    },
  });
  if (event.bots?.length) {
    await organiser.call(endpoints.events.addParticipants, {
      params: { key },
      body: { participants: event.bots.map((bot) => ({ ...bot, isBot: true })) },
    });
  }
  for (const row of mitchell(3).rows) {
    for (const board of boardsOfSet(row.set, 2)) {
      const played = event.play(row, board);
      if (!played) continue;
      await organiser.call(endpoints.events.postResult, {
        params: { key },
        body: { round: row.round, board, table: row.table, nsPair: row.ns, ewPair: row.ew, ...played },
      });
    }
  }
  if (event.complete) await organiser.call(endpoints.events.complete, { params: { key } });
  return key;
}

/** Puts a signed-in session into a browser context, as if the user had logged in there. */
export async function useSession(context: BrowserContext, url: string, session: ApiSession): Promise<void> {
  const [name, value] = session.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith('bridge_session='))!
    .split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
}
