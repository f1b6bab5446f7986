import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { messages } from '@bridge/api';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/secrets.ts';

export const SESSION_COOKIE = 'bridge_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once `loadUser` or a guard has run; null when signed out. */
    user: UserRow | null;
  }
}

export interface SessionOptions {
  db: Db;
  ttlMs: number;
  secureCookie: boolean;
}

/** Looks the session cookie up; a disabled user or an expired session counts as signed out. */
async function findSessionUser(db: Db, token: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .where('sessions.idHash', '=', hashToken(token))
    .where('sessions.expiresAt', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
}

export const sessionPlugin = fp<SessionOptions>(async (app, options) => {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookie,
  };

  app.decorate('sessions', {
    /** Creates a session for the user and sets its cookie. */
    async start(reply: FastifyReply, request: FastifyRequest, user: UserRow, db: Db = options.db) {
      const token = newToken();
      await db
        .insertInto('sessions')
        .values({
          idHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + options.ttlMs),
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        })
        .execute();
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(options.ttlMs / 1000) });
      request.user = user;
    },
    /** Ends the current session (if any) and clears its cookie. */
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await options.db.deleteFrom('sessions').where('idHash', '=', hashToken(token)).execute();
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      request.user = null;
    },
    currentSessionHash(request: FastifyRequest): string | undefined {
      const token = request.cookies[SESSION_COOKIE];
      return token ? hashToken(token) : undefined;
    },
  });

  async function loadUser(request: FastifyRequest) {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(options.db, token)) ?? null) : null;
  }
  app.decorate('loadUser', loadUser);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await loadUser(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await loadUser(request);
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'admin') throw forbidden(messages.adminOnly);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, request: FastifyRequest, user: UserRow, db?: Db): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      currentSessionHash(request: FastifyRequest): string | undefined;
    };
    loadUser(request: FastifyRequest): Promise<void>;
    requireUser(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}
