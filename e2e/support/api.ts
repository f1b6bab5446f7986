import { randomInt } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { createClient, endpoints, EventType, type ApiClient } from '@bridge/api';

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

/** Puts a signed-in session into a browser context, as if the user had logged in there. */
export async function useSession(context: BrowserContext, url: string, session: ApiSession): Promise<void> {
  const [name, value] = session.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith('bridge_session='))!
    .split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
}
