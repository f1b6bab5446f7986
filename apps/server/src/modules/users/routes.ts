import type { FastifyInstance } from 'fastify';
import { messages } from '@bridge/api';
import { endpoints } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { useAccount, verifyAccount } from './policy.ts';
import { presentUser } from './presenter.ts';
import * as users from './service.ts';

export interface UserRoutesOptions {
  ctx: users.UsersContext;
  limits: RateLimits;
}

/** The user API of the specification (section 7): `/api/v1/user/...`. */
export async function userRoutes(app: FastifyInstance, { ctx, limits }: UserRoutesOptions) {
  const limit = (max: number) => ({ policy: 'public' as const, rateLimit: { max, timeWindow: limits.windowMs } });

  route(app, endpoints.users.me, { config: { policy: useAccount } }, async (request) => ({
    result: presentUser(request.user!),
  }));

  // Sign-ins are limited by wrong passwords, counted in users.authenticate, not by requests.
  route(app, endpoints.users.login, { config: { policy: 'public' } }, async (request, reply) => {
    const user = await users.authenticate(ctx, request.body.email, request.body.password, request.ip);
    await app.sessions.start(reply, request, user);
    return { result: presentUser(user) };
  });

  route(
    app,
    endpoints.users.register,
    { config: { policy: 'public', rateLimit: { max: limits.register, timeWindow: limits.registerWindowMs } } },
    async (request) => ({
      result: await users.registerUser(ctx, request.body, request.ip),
    }),
  );

  route(app, endpoints.users.logout, { config: { policy: 'public' } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { result: { message: 'Logged out' } };
  });

  route(app, endpoints.users.sendPasswordReset, { config: limit(limits.passwordReset) }, async (request) => ({
    result: { message: await users.sendPasswordReset(ctx, request.body.email, request.ip) },
  }));

  route(app, endpoints.users.resetPassword, { config: limit(limits.passwordReset) }, async (request) => {
    await app.userAccess.changed(await users.resetPassword(ctx, request.body.token, request.body.password, request.ip));
    return { result: { message: messages.passwordResetDone } };
  });

  // Signed in: resend to the account's address. Signed out (the page after registering): by email, answered alike.
  route(app, endpoints.users.verify, { config: { ...limit(limits.verifyResend), policy: verifyAccount } }, async (request) => {
    await users.sendVerification(ctx, request.user ? { user: request.user } : { email: verifyAccount.subject(request) });
    return { result: { message: messages.verificationSent } };
  });

  route(app, endpoints.users.confirmVerification, { config: limit(limits.verifyResend * 4) }, async (request) => {
    await users.confirmVerification(ctx, request.body.token, request.ip);
    return { result: { message: messages.emailVerified } };
  });

  route(app, endpoints.users.update, { config: { policy: useAccount } }, async (request, reply) => {
    const updated = await users.updateProfile(ctx, request.user!, {
      ...request.body,
      sessionIdHash: app.sessions.currentSessionHash(request),
      ip: request.ip,
    });
    if (request.body.type === 'password' || !updated) await app.userAccess.changed(request.user!.id);
    if (!updated) await app.sessions.end(request, reply);
    return {
      result: {
        message: updated ? messages.profileUpdated : messages.accountDeleted,
        user: updated ? presentUser(updated) : null,
      },
    };
  });
}
