import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminMessageResponse, DisableUserBody, ListUsersQuery, ListUsersResponse, LoginBody, MessageResponse, SearchUsersQuery, SetRoleBody,
  UserKeyQuery, UserResponse,
} from '@bridge/api';
import { administerUsers } from './policy.ts';
import { presentUser } from './presenter.ts';
import type { UserRoutesOptions } from './routes.ts';
import * as users from './service.ts';

/** The admin console's sign-in (`/api/admin/v1/user/...`): only role admin gets a session here. */
export async function adminUserRoutes(app: FastifyInstance, { ctx }: UserRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { policy: administerUsers } };

  r.post('/user/login', { config: { policy: 'public' }, schema: { body: LoginBody, response: { 200: UserResponse } } }, async (request, reply) => {
    const user = await users.authenticate(ctx, request.body.email, request.body.password, request.ip, { adminOnly: true });
    await app.sessions.start(reply, request, user);
    return { result: presentUser(user) };
  });

  r.get('/user/', { ...admin, schema: { response: { 200: UserResponse } } }, async (request) => ({
    result: presentUser(request.user!),
  }));

  r.post('/user/logout', { config: { policy: 'public' }, schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { result: { message: 'Logged out' } };
  });

  // The All Users screen (specification section 7): pages, search, and the three actions, each audited.
  const actor = (request: FastifyRequest) => ({ user: request.user!, ip: request.ip });

  r.get('/users/all', { ...admin, schema: { querystring: ListUsersQuery, response: { 200: ListUsersResponse } } }, async (request) => ({
    result: await users.listUsersPage(ctx.db, request.query),
  }));

  r.get('/users/search', { ...admin, schema: { querystring: SearchUsersQuery, response: { 200: ListUsersResponse } } }, async (request) => ({
    result: await users.listUsersPage(ctx.db, request.query),
  }));

  // Each change reaches the user's open connections (video sockets) on every instance at once.
  r.delete('/users/delete', { ...admin, schema: { querystring: UserKeyQuery, response: { 200: AdminMessageResponse } } }, async (request) => {
    const message = await users.deleteUserAsAdmin(ctx.db, actor(request), request.query.key);
    await app.userAccess.changed(request.query.key);
    return { result: { message } };
  });

  r.put('/users/disable', { ...admin, schema: { querystring: UserKeyQuery, body: DisableUserBody, response: { 200: AdminMessageResponse } } }, async (request) => {
    const message = await users.setUserDisabled(ctx.db, actor(request), request.query.key, request.body.disabled);
    await app.userAccess.changed(request.query.key);
    return { result: { message } };
  });

  r.put('/users/verify', { ...admin, schema: { querystring: UserKeyQuery, response: { 200: AdminMessageResponse } } }, async (request) => ({
    result: { message: await users.verifyUserEmail(ctx.db, actor(request), request.query.key) },
  }));

  r.put('/users/set-role', { ...admin, schema: { body: SetRoleBody, response: { 200: AdminMessageResponse } } }, async (request) => {
    const message = await users.setUserRole(ctx.db, actor(request), request.body.uid, request.body.role);
    await app.userAccess.changed(request.body.uid);
    return { result: { message } };
  });
}
