import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { administerUsers } from './policy.ts';
import { presentUser } from './presenter.ts';
import type { UserRoutesOptions } from './routes.ts';
import * as users from './service.ts';

/** The admin console's sign-in (`/api/admin/v1/user/...`): only role admin gets a session here. */
export async function adminUserRoutes(app: FastifyInstance, { ctx }: UserRoutesOptions) {
  const admin = { config: { policy: administerUsers } };

  route(app, endpoints.users.adminLogin, { config: { policy: 'public' } }, async (request, reply) => {
    const user = await users.authenticate(ctx, request.body.email, request.body.password, request.ip, { adminOnly: true });
    await app.sessions.start(reply, request, user);
    return { result: presentUser(user) };
  });

  route(app, endpoints.users.adminMe, admin, async (request) => ({
    result: presentUser(request.user!),
  }));

  route(app, endpoints.users.adminLogout, { config: { policy: 'public' } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { result: { message: 'Logged out' } };
  });

  // The All Users screen (specification section 7): pages, search, and the three actions, each audited.
  const actor = (request: FastifyRequest) => ({ user: request.user!, ip: request.ip });

  route(app, endpoints.users.adminList, admin, async (request) => ({
    result: await users.listUsersPage(ctx.db, request.query),
  }));

  route(app, endpoints.users.adminSearch, admin, async (request) => ({
    result: await users.listUsersPage(ctx.db, request.query),
  }));

  // Each change reaches the user's open connections (video sockets) on every instance at once.
  route(app, endpoints.users.adminDelete, admin, async (request) => {
    const { message } = await users.deleteUserAsAdmin(ctx, actor(request), request.query.key);
    await app.userAccess.changed(request.query.key);
    return { result: { message } };
  });

  route(app, endpoints.users.adminDisable, admin, async (request) => {
    const message = await users.setUserDisabled(ctx.db, actor(request), request.query.key, request.body.disabled);
    await app.userAccess.changed(request.query.key);
    return { result: { message } };
  });

  route(app, endpoints.users.adminVerify, admin, async (request) => ({
    result: { message: await users.verifyUserEmail(ctx.db, actor(request), request.query.key) },
  }));

  route(app, endpoints.users.adminSetRole, admin, async (request) => {
    const message = await users.setUserRole(ctx.db, actor(request), request.body.uid, request.body.role);
    await app.userAccess.changed(request.body.uid);
    return { result: { message } };
  });
}
