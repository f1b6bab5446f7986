import { randomInt } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

// The platform's API driven from the test, as the Organizer app and the admin would: accounts, events, seats.
// Each call comes from its own made-up address (the test server trusts X-Forwarded-For), so the per-address
// limits on registration and login do not trip however often the tests run against a shared Redis.

const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface ApiSession {
  cookie: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

async function request(url: string, method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      'x-forwarded-for': someAddress(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { response, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Signs in through the API (`/api/v1/user/login`, or the admin base) and keeps the session cookie. */
export async function signIn(url: string, email: string, password: string, base = '/api/v1'): Promise<ApiSession> {
  const { response } = await request(url, 'POST', `${base}/user/login`, '', { email, password });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('bridge_session='))!
    .split(';')[0]!;
  return {
    cookie,
    call: async <T>(method: string, path: string, body?: unknown) => (await request(url, method, path, cookie, body)).json as T,
  };
}

export interface Account {
  email: string;
  password: string;
  names: string;
}

/** Registers an account and has the admin mark its address verified (the test does not read its mail). */
export async function registerVerified(url: string, admin: ApiSession, account: Account): Promise<void> {
  await request(url, 'POST', '/api/v1/user/register', '', { email: account.email, password: account.password, names: account.names });
  const found = await admin.call<{ result: { data: { uid: string; email: string }[] } }>(
    'GET',
    `/api/admin/v1/users/search?query=${encodeURIComponent(account.email)}`,
  );
  const user = found.result.data.find((u) => u.email === account.email.toLowerCase());
  if (!user) throw new Error(`registered ${account.email} but the admin cannot find it`);
  await admin.call('PUT', `/api/admin/v1/users/verify?key=${user.uid}`);
}

/** Creates a pair event with the organiser's session and seats players by email: `seats[i]` = { email, table, side }. */
export async function createEvent(
  organiser: ApiSession,
  event: { tables: number; typeName: string; type?: number; seats: { email: string; table: number; side: number }[] },
): Promise<string> {
  const { result } = await organiser.call<{ result: { key: string } }>('POST', '/api/v1/tournaments', {
    tables: event.tables,
    boardsPerRound: 2,
    gameDetails: {
      type: event.type ?? 1,
      typeName: event.typeName,
      players: event.tables * 4,
      rounds: 3,
      movementType: 'Mitchell',
      scoreType: 'Match Point',
      handgeneratedModeAsString: 'Random',
    },
  });
  if (event.seats.length) await organiser.call('POST', `/api/v1/tournaments/${result.key}/participants`, { participants: event.seats });
  return result.key;
}

/** Puts a signed-in session into a browser context, as if the user had logged in there. */
export async function useSession(context: BrowserContext, url: string, session: ApiSession): Promise<void> {
  const [name, value] = session.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
}
