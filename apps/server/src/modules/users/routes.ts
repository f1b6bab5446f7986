import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginBody, MessageResponse, RegisterBody, RegisterResponse, ResetPasswordBody, SendPasswordResetBody,
  UpdateUserBody, UpdateUserResponse, UserResponse, VerifyBody, VerifyConfirmBody, messages,
} from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { useAccount, verifyAccount } from './policy.ts';
import { presentUser } from './presenter.ts';
import * as users from './service.ts';

export interface UserRoutesOptions {
  ctx: users.UsersContext;
  limits: RateLimits;
}

/** The user API of the specification (section 7): `/api/v1/user/...`. */
export async function userRoutes(app: FastifyInstance, { ctx, limits }: UserRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = (max: number) => ({ policy: 'public' as const, rateLimit: { max, timeWindow: limits.windowMs } });

  r.get('/user', { config: { policy: useAccount }, schema: { response: { 200: UserResponse } } }, async (request) => ({
    result: presentUser(request.user!),
  }));

  // Sign-ins are limited by wrong passwords, counted in users.authenticate, not by requests.
  r.post('/user/login', { config: { policy: 'public' }, schema: { body: LoginBody, response: { 200: UserResponse } } }, async (request, reply) => {
    const user = await users.authenticate(ctx, request.body.email, request.body.password, request.ip);
    await app.sessions.start(reply, request, user);
    return { result: presentUser(user) };
  });

  r.post('/user/register', { config: { policy: 'public', rateLimit: { max: limits.register, timeWindow: limits.registerWindowMs } }, schema: { body: RegisterBody, response: { 200: RegisterResponse } } }, async (request) => ({
    result: await users.registerUser(ctx, request.body, request.ip),
  }));

  r.post('/user/logout', { config: { policy: 'public' }, schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { result: { message: 'Logged out' } };
  });

  r.post('/user/sendPasswordResetEmail', { config: limit(limits.passwordReset), schema: { body: SendPasswordResetBody, response: { 200: MessageResponse } } }, async (request) => ({
    result: { message: await users.sendPasswordReset(ctx, request.body.email, request.ip) },
  }));

  r.post('/user/resetPassword', { config: limit(limits.passwordReset), schema: { body: ResetPasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    await app.userAccess.changed(await users.resetPassword(ctx, request.body.token, request.body.password, request.ip));
    return { result: { message: messages.passwordResetDone } };
  });

  // Signed in: resend to the account's address. Signed out (the page after registering): by email, answered alike.
  r.post('/user/verify', { config: { ...limit(limits.verifyResend), policy: verifyAccount }, schema: { body: VerifyBody.optional(), response: { 200: MessageResponse } } }, async (request) => {
    await users.sendVerification(ctx, request.user ? { user: request.user } : { email: verifyAccount.subject(request) });
    return { result: { message: messages.verificationSent } };
  });

  r.post('/user/verify/confirm', { config: limit(limits.verifyResend * 4), schema: { body: VerifyConfirmBody, response: { 200: MessageResponse } } }, async (request) => {
    await users.confirmVerification(ctx, request.body.token, request.ip);
    return { result: { message: messages.emailVerified } };
  });

  r.post('/user/update', { config: { policy: useAccount }, schema: { body: UpdateUserBody, response: { 200: UpdateUserResponse } } }, async (request, reply) => {
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
