import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { NewUser, UserRow } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { insertUser } from '../src/modules/users/repo.ts';

export const uniqueEmail = (prefix = 'player') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

export const DEFAULT_PASSWORD = 'correct horse battery';

/** A user straight in the database (verified player by default); override anything. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const user = await insertUser(app.database.db, {
    email: uniqueEmail(rest.role === 'admin' ? 'admin' : 'player'),
    names: 'Test Player',
    passwordHash: await hashPassword(password),
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
  const row = await app.database.db
    .selectFrom('outbox')
    .select(['link'])
    .where('toAddress', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.link ?? undefined;
}

export const tokenOf = (link: string | undefined) => (link ? new URL(link).searchParams.get('token') ?? undefined : undefined);
