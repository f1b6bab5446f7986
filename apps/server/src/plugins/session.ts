import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/secrets.ts';

export const SESSION_COOKIE = 'bridge_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once `loadUser` or a route's policy has run; null when signed out. */
    user: UserRow | null;
  }
}

export interface SessionOptions {
  db: Db;
  ttlMs: number;
  secureCookie: boolean;
  /** How long a looked-up session may be reused without asking the database; 0 turns the cache off. */
  cacheMs: number;
}

const CACHE_MAX_ENTRIES = 50_000;

/**
 * Session lookups reused for a moment, so a burst of requests from one signed-in page costs one query.
 * Any state-changing request on this instance empties it (logout, disable, password change act at once here);
 * another instance notices within `cacheMs`.
 */
class SessionCache {
  private readonly entries = new Map<string, { user: UserRow; until: number }>();
  constructor(private readonly ms: number) {}
  get(idHash: string): UserRow | undefined {
    if (this.ms <= 0) return undefined;
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(idHash);
      return undefined;
    }
    return entry.user;
  }
  set(idHash: string, user: UserRow): void {
    if (this.ms <= 0) return;
    if (this.entries.size >= CACHE_MAX_ENTRIES) this.entries.clear();
    this.entries.set(idHash, { user, until: Date.now() + this.ms });
  }
  clear(): void {
    this.entries.clear();
  }
}

/**
 * Looks the session cookie up; a disabled user or an expired session counts as signed out. This runs on
 * every authenticated request, so the query is compiled once and reused with new parameters.
 */
function sessionUserFinder(db: Db) {
  const compiled = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .where('sessions.idHash', '=', '')
    .where('sessions.expiresAt', '>', new Date(0))
    .where('users.disabled', '=', false)
    .compile();
  return async (idHash: string): Promise<UserRow | undefined> => {
    const query = { ...compiled, parameters: [idHash, new Date(), false] };
    const result = await db.executeQuery<UserRow>(query);
    return result.rows[0];
  };
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
      const ended = token
        ? await options.db.deleteFrom('sessions').where('idHash', '=', hashToken(token)).returning('userId').executeTakeFirst()
        : undefined;
      // The session's open connections (video sockets) close with it.
      if (ended) await app.userAccess.changed(ended.userId);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      request.user = null;
    },
    currentSessionHash(request: FastifyRequest): string | undefined {
      const token = request.cookies[SESSION_COOKIE];
      return token ? hashToken(token) : undefined;
    },
  });

  const findSessionUser = sessionUserFinder(options.db);
  const cache = new SessionCache(options.cacheMs);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });
  async function loadUser(request: FastifyRequest) {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      request.user = null;
      return;
    }
    const idHash = hashToken(token);
    const cached = cache.get(idHash);
    if (cached) {
      request.user = cached;
      return;
    }
    const user = await findSessionUser(idHash);
    if (user) cache.set(idHash, user);
    request.user = user ?? null;
  }
  app.decorate('loadUser', loadUser);
});

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, request: FastifyRequest, user: UserRow, db?: Db): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      currentSessionHash(request: FastifyRequest): string | undefined;
    };
    loadUser(request: FastifyRequest): Promise<void>;
  }
}
