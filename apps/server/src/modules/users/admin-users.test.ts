import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildSeatedEvent, buildTournament, buildUser, login, signedIn } from '../../../test/factories.ts';

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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/user/login',
      payload: { email: player.email, password: player.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.adminOnly);
    expect(response.cookies.find((c) => c.name === 'bridge_session')).toBeUndefined();
    const audit = await t.database.db.selectFrom('auditLog').selectAll().where('target', '=', player.email).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'admin.login', outcome: 'failure' });
  });

  it('answers wrong credentials like the user login', async () => {
    const admin = await buildUser(t.app, { role: 'admin' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/user/login',
      payload: { email: admin.email, password: 'nope nope nope' },
    });
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

describe('the All Users screen (/api/admin/v1/users)', () => {
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let cookie: string;
  beforeAll(async () => {
    admin = await buildUser(t.app, { role: 'admin', names: 'Uma Usersadmin' });
    cookie = await login(t.app, admin, '/api/admin/v1/user/login');
  });
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url: `/api/admin/v1${url}`, payload, headers: { cookie: as } });
  const auditsOf = (action: string, target: string) =>
    t.database.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('target', '=', target).execute();

  it('pages through every user with cursors, newest first, without a duplicate', async () => {
    const created = [];
    for (let i = 0; i < 23; i++) created.push(await buildUser(t.app, { names: `Pager ${i}` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await call('GET', `/users/all?limit=10${cursor ? `&lastDocId=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const { data, lastDocId } = response.json().result as { data: { uid: string; createdAt: string }[]; lastDocId: string | null };
      expect(data.length).toBeLessThanOrEqual(10);
      seen.push(...data.map((u) => u.uid));
      cursor = lastDocId;
      pages++;
    } while (cursor && pages < 50);
    const total = Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    for (const user of created) expect(seen).toContain(user.id);
    // Newest first: the last user made is on the first page, before the first one made.
    expect(seen.indexOf(created[22]!.id)).toBeLessThan(seen.indexOf(created[0]!.id));
  });

  it('answers a page by number as the cursor would', async () => {
    const first = (await call('GET', '/users/all?limit=5')).json().result;
    const byCursor = (await call('GET', `/users/all?limit=5&lastDocId=${first.lastDocId}`)).json().result.data;
    const byPage = (await call('GET', '/users/all?limit=5&page=2')).json().result.data;
    expect(byPage.map((u: { uid: string }) => u.uid)).toEqual(byCursor.map((u: { uid: string }) => u.uid));
  });

  it('answers the admin list shape of the specification', async () => {
    const user = await buildUser(t.app, { names: 'Shape Shifter', city: 'Pune', bfiId: 'BFI-1' });
    const { data } = (await call('GET', `/users/search?query=${encodeURIComponent(user.email)}`)).json().result;
    expect(data).toEqual([
      {
        objectId: user.id,
        uid: user.id,
        names: 'Shape Shifter',
        email: user.email,
        emailVerified: true,
        disabled: false,
        role: 'player',
        contact: null,
        bfiId: 'BFI-1',
        city: 'Pune',
        postalIndexNumber: null,
        createdAt: expect.any(String),
        editedAt: expect.any(String),
        // Beyond the specification's fields: what a delete would take with the account.
        eventsOrganised: 0,
      },
    ]);
  });

  it('searches names and emails by any part, ignoring case, taking % and _ literally', async () => {
    const zelda = await buildUser(t.app, { names: 'Zelda Quartermain' });
    await buildUser(t.app, { names: 'Quentin Other' });
    const names = async (query: string) =>
      ((await call('GET', `/users/search?query=${encodeURIComponent(query)}`)).json().result.data as { names: string }[]).map((u) => u.names);
    expect(await names('QUARTERM')).toEqual(['Zelda Quartermain']);
    expect(await names(zelda.email.slice(3, 12).toUpperCase())).toEqual(['Zelda Quartermain']);
    expect(await names('%')).toEqual([]);
    expect(await names('Zelda_Q')).toEqual([]);
    expect((await call('GET', `/users/search?query=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('disables a user, ending their sessions, and enables them again', async () => {
    const player = await buildUser(t.app);
    const playerCookie = await login(t.app, player);
    const disabled = await call('PUT', `/users/disable?key=${player.id}`, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().result.message).toBe(messages.userDisabled);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie: playerCookie } })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: player.email, password: player.password } });
    expect(refused.statusCode).toBe(403);
    expect(await auditsOf('admin.user.disable', player.email)).toEqual([expect.objectContaining({ outcome: 'success', actorId: admin.id })]);

    const enabled = await call('PUT', `/users/disable?key=${player.id}`, { disabled: false });
    expect(enabled.json().result.message).toBe(messages.userEnabled);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: player.email, password: player.password } })).statusCode,
    ).toBe(200);
  });

  it('marks an email address as verified, so the user may organise events, and audits it', async () => {
    const player = await buildUser(t.app, { emailVerified: false });
    const playerCookie = await login(t.app, player);
    const event = {
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: 1,
        typeName: 'Club pairs',
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    };
    const create = () => t.app.inject({ method: 'POST', url: '/api/v1/tournaments', payload: event, headers: { cookie: playerCookie } });
    expect((await create()).statusCode).toBe(403);

    const verified = await call('PUT', `/users/verify?key=${player.id}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().result.message).toBe(messages.userVerified);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie: playerCookie } });
    expect(me.json().result.emailVerified).toBe(true);
    expect((await create()).statusCode).toBe(200);
    expect(await auditsOf('admin.user.verify', player.email)).toEqual([expect.objectContaining({ outcome: 'success', actorId: admin.id })]);
    expect((await call('PUT', '/users/verify?key=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('makes a player an admin and back, with the catalogue text', async () => {
    const player = await buildUser(t.app);
    const promoted = await call('PUT', '/users/set-role', { uid: player.id, role: 'admin' });
    expect(promoted.json().result.message).toBe('User role updated to "admin" successfully');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/v1/user/login', payload: { email: player.email, password: player.password } }))
        .statusCode,
    ).toBe(200);
    const demoted = await call('PUT', '/users/set-role', { uid: player.id, role: 'player' });
    expect(demoted.json().result.message).toBe('User role updated to "player" successfully');
    expect(await auditsOf('admin.user.role', player.email)).toHaveLength(2);
    expect((await call('PUT', '/users/set-role', { uid: player.id, role: 'owner' })).statusCode).toBe(400);
  });

  it('deletes a user with their sessions and the events they organised, keeping their seats in others as names without the address', async () => {
    const organiser = await buildUser(t.app, { names: 'Doomed Organiser' });
    const gameDetails = { typeName: 'Gone Pairs', scoreType: 'IMP', liveTableEvent: false };
    const { key } = await buildTournament(t.app, { organiser: await signedIn(t.app, organiser), gameDetails });
    const { key: otherKey } = await buildSeatedEvent(t.app, { gameDetails, seats: [{ user: organiser, table: 1, side: 0 }] });
    // The list says how many events go with the account (its own, not those it only sits in), for the confirmation.
    const listed = await call('GET', `/users/search?query=${encodeURIComponent(organiser.email)}`);
    expect(listed.json().result.data).toEqual([expect.objectContaining({ uid: organiser.id, eventsOrganised: 1 })]);
    const response = await call('DELETE', `/users/delete?key=${organiser.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.message).toBe(messages.userDeleted);
    expect(await t.database.db.selectFrom('users').selectAll().where('id', '=', organiser.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('sessions').selectAll().where('userId', '=', organiser.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('tournaments').selectAll().where('key', '=', key).execute()).toEqual([]);
    const seat = await t.database.db
      .selectFrom('participants')
      .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
      .select(['participants.names', 'participants.userId', 'participants.email'])
      .where('tournaments.key', '=', otherKey)
      .execute();
    expect(seat).toEqual([{ names: 'Doomed Organiser', userId: null, email: null }]);
    expect(await auditsOf('admin.user.delete', organiser.email)).toEqual([
      expect.objectContaining({ outcome: 'success', details: expect.objectContaining({ eventsDeleted: 1 }) }),
    ]);
    expect((await call('DELETE', `/users/delete?key=${organiser.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/users/delete?key=not-a-uuid')).statusCode).toBe(404);
  });

  it.each([
    ['disable', () => call('PUT', `/users/disable?key=${admin.id}`, { disabled: true })],
    ['demote', () => call('PUT', '/users/set-role', { uid: admin.id, role: 'player' })],
    ['delete', () => call('DELETE', `/users/delete?key=${admin.id}`)],
  ])('refuses to let an admin %s their own account, and records the attempt', async (_action, act) => {
    const response = await act();
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.notYourself);
    expect(await t.database.db.selectFrom('users').select(['role', 'disabled']).where('id', '=', admin.id).executeTakeFirst()).toEqual({
      role: 'admin',
      disabled: false,
    });
    const failures = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('actorId', '=', admin.id)
      .where('outcome', '=', 'failure')
      .execute();
    expect(failures.length).toBeGreaterThan(0);
    // The audit row names whom the attempt was at by email, as a success does, not by the account's id.
    expect(failures.map((row) => row.target)).toContain(admin.email);
    expect(failures.map((row) => row.target)).not.toContain(admin.id);
  });

  it('never takes away the last enabled admin, even for an actor who lost the role a moment ago', async () => {
    const { setUserRole } = await import('./service.ts');
    const last = await buildUser(t.app, { role: 'admin' });
    // Every other admin is disabled for this test, then restored.
    const others = await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('role', '=', 'admin')
      .where('id', '!=', last.id)
      .where('disabled', '=', false)
      .returning('id')
      .execute();
    try {
      const former = await buildUser(t.app);
      await expect(setUserRole(t.database.db, { user: former, ip: '127.0.0.1' }, last.id, 'player')).rejects.toMatchObject({
        statusCode: 409,
        message: messages.lastAdmin,
      });
      expect((await t.database.db.selectFrom('users').select('role').where('id', '=', last.id).executeTakeFirstOrThrow()).role).toBe('admin');
    } finally {
      if (others.length > 0)
        await t.database.db
          .updateTable('users')
          .set({ disabled: false })
          .where(
            'id',
            'in',
            others.map((o) => o.id),
          )
          .execute();
    }
  });
});

describe('the audit row and the change are one transaction', () => {
  it('leaves the user enabled when the audit row of disabling cannot be written', async () => {
    const admin = await buildUser(t.app, { role: 'admin' });
    const cookie = await login(t.app, admin, '/api/admin/v1/user/login');
    const player = await buildUser(t.app);
    const { sql } = await import('kysely');
    await sql`create function refuse_disable_audit() returns trigger language plpgsql as $$
      begin if new.action = 'admin.user.disable' then raise exception 'audit refused'; end if; return new; end $$`.execute(t.database.db);
    await sql`create trigger refuse_disable_audit before insert on audit_log for each row execute function refuse_disable_audit()`.execute(
      t.database.db,
    );
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/v1/users/disable?key=${player.id}`,
        payload: { disabled: true },
        headers: { cookie },
      });
      expect(response.statusCode).toBe(500);
      expect((await t.database.db.selectFrom('users').select('disabled').where('id', '=', player.id).executeTakeFirstOrThrow()).disabled).toBe(false);
    } finally {
      await sql`drop trigger refuse_disable_audit on audit_log`.execute(t.database.db);
      await sql`drop function refuse_disable_audit()`.execute(t.database.db);
    }
  });
});
