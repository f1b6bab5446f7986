import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('admin sign-in (/api/admin/v1/user)', () => {
  it('signs an admin in and answers them at GET /user/', async () => {
    const admin = await buildUser(t.app, { role: 'admin', names: 'Ada Admin' });
    const cookie = await login(t.app, admin, '/api/admin/v1/user/login');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/v1/user/', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ uid: admin.id, role: 'admin', displayName: 'Ada Admin' });
  });

  it('refuses a player with the right password, and records it', async () => {
    const player = await buildUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/v1/user/login', payload: { email: player.email, password: player.password } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.adminOnly);
    expect(response.cookies.find((c) => c.name === 'bridge_session')).toBeUndefined();
    const audit = await t.database.db.selectFrom('auditLog').selectAll().where('target', '=', player.email).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'admin.login', outcome: 'failure' });
  });

  it('answers wrong credentials like the user login', async () => {
    const admin = await buildUser(t.app, { role: 'admin' });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/v1/user/login', payload: { email: admin.email, password: 'nope nope nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(messages.wrongCredentials);
  });

  it.each([
    ['signed out', undefined, 401],
    ['a player', 'player', 403],
  ] as const)('GET /user/ answers %s with %i', async (_label, role, status) => {
    const headers: Record<string, string> = {};
    if (role) headers.cookie = await login(t.app, await buildUser(t.app, { role }));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/v1/user/', headers })).statusCode).toBe(status);
  });

  it('logs out', async () => {
    const admin = await buildUser(t.app, { role: 'admin' });
    const cookie = await login(t.app, admin, '/api/admin/v1/user/login');
    await t.app.inject({ method: 'POST', url: '/api/admin/v1/user/logout', headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/v1/user/', headers: { cookie } })).statusCode).toBe(401);
  });
});
