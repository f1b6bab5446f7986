import { randomInt } from 'node:crypto';
import { messages } from '@bridge/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, DEFAULT_PASSWORD, login, sessionCookie, uniqueEmail } from '../../test/factories.ts';
import { loadConfig, type RateLimits } from '../config.ts';

// Attacks on accounts and sign-in: addresses made up in proxy headers, guessing, the last admin deleting themselves.

/** The limits a production server starts with (the test app's own are generous). */
const productionLimits = loadConfig({}).rateLimits;
const tightLimits: RateLimits = { ...testConfig().rateLimits, login: 3, loginPerAddress: 6 };
const TOO_MANY = /^Too many attempts\. Please wait \d+ (seconds|minutes?) and try again\.$/;
const someAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
const NGINX = '127.0.0.1';

describe.each(['1', 'true'])('behind the documented nginx with TRUST_PROXY=%s', (setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy, rateLimits: tightLimits });
  });
  afterAll(async () => t.close());

  // nginx's $proxy_add_x_forwarded_for appends the address it saw to whatever the client sent.
  const viaNginx = (forwardedFor: string, payload: object, url = '/api/v1/user/login') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: NGINX, headers: { 'x-forwarded-for': forwardedFor } });
  const loginAudits = (email: string) =>
    t.database.db
      .selectFrom('auditLog')
      .select(['ip', 'outcome'])
      .where('target', '=', email)
      .where('action', '=', 'user.login')
      .orderBy('id')
      .execute();

  it('audits the address nginx appended, not the one the client wrote in front of it', async () => {
    const user = await buildUser(t.app);
    expect((await viaNginx('203.0.113.7', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    expect((await viaNginx('1.2.3.4, 203.0.113.7', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    expect((await viaNginx('1.2.3.4,203.0.113.7', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(await loginAudits(user.email)).toEqual([
      { ip: '203.0.113.7', outcome: 'failure' },
      { ip: '203.0.113.7', outcome: 'failure' },
      { ip: '203.0.113.7', outcome: 'success' },
    ]);
  });

  it('a client making up a new address for each guess still meets the login limit', async () => {
    const user = await buildUser(t.app);
    const guess = (password: string) => viaNginx(`${someAddress()}, 203.0.113.9`, { email: user.email, password });
    for (let i = 0; i < tightLimits.login; i++) expect((await guess('wrong password')).statusCode).toBe(401);
    const limited = await guess('wrong password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(TOO_MANY);
    expect((await guess(user.password)).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY listing the proxy addresses', () => {
  it('a client reaching the server other than through nginx cannot choose its address', async () => {
    const t = await buildTestApp({ trustProxy: loadConfig({ TRUST_PROXY: `${NGINX}, 10.0.0.0/8` }).trustProxy, rateLimits: tightLimits });
    try {
      const user = await buildUser(t.app);
      const forwarded = { 'x-forwarded-for': '1.2.3.4, 203.0.113.50' };
      const attempt = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/user/login', remoteAddress, headers: forwarded, payload: { email: user.email, password: 'x' } });
      await attempt('192.0.2.10');
      await attempt(NGINX);
      const ips = await t.database.db.selectFrom('auditLog').select('ip').where('target', '=', user.email).orderBy('id').execute();
      expect(ips).toEqual([{ ip: '192.0.2.10' }, { ip: '203.0.113.50' }]);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: productionLimits });
  });
  afterAll(async () => t.close());

  const signIn = (email: string, password: string, remoteAddress: string, url = '/api/v1/user/login') =>
    t.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });

  it('lets 30 club players sign in from one address, twice each', async () => {
    const club = someAddress();
    const players = await Promise.all(Array.from({ length: 30 }, () => buildUser(t.app)));
    for (const round of [1, 2]) {
      for (const player of players) {
        const response = await signIn(player.email, player.password, club);
        expect(response.statusCode, `round ${round}: ${response.body}`).toBe(200);
      }
    }
  });

  it('guessing at one account locks neither the other accounts nor the owner elsewhere', async () => {
    const club = someAddress();
    const victim = await buildUser(t.app);
    const neighbour = await buildUser(t.app);
    for (let i = 0; i < productionLimits.login; i++) expect((await signIn(victim.email, 'wrong password', club)).statusCode).toBe(401);
    expect((await signIn(victim.email, victim.password, club)).statusCode).toBe(429);
    // Right passwords are not guesses, however many.
    for (let i = 0; i <= productionLimits.login; i++) expect((await signIn(neighbour.email, neighbour.password, club)).statusCode).toBe(200);
    expect((await signIn(victim.email, victim.password, someAddress())).statusCode).toBe(200);
    // A different spelling of the address is the same account.
    expect((await signIn(victim.email.toUpperCase(), victim.password, club)).statusCode).toBe(429);
  });

  it('admin and player sign-in share one guess count', async () => {
    const address = someAddress();
    const admin = await buildUser(t.app, { role: 'admin' });
    const half = productionLimits.login / 2;
    for (let i = 0; i < half; i++) expect((await signIn(admin.email, 'wrong password', address)).statusCode).toBe(401);
    for (let i = 0; i < productionLimits.login - half; i++) {
      expect((await signIn(admin.email, 'wrong password', address, '/api/admin/v1/user/login')).statusCode).toBe(401);
    }
    expect((await signIn(admin.email, admin.password, address, '/api/admin/v1/user/login')).statusCode).toBe(429);
    expect((await signIn(admin.email, admin.password, address)).statusCode).toBe(429);
  });

  it('an address guessing across many accounts is stopped, but not a player who signed in from there before', async () => {
    const address = someAddress();
    const regular = await buildUser(t.app);
    const newcomer = await buildUser(t.app);
    expect((await signIn(regular.email, regular.password, address)).statusCode).toBe(200);
    for (let i = 0; i < productionLimits.loginPerAddress; i++) {
      expect((await signIn(uniqueEmail(), 'password1', address)).statusCode).toBe(401);
    }
    expect((await signIn(uniqueEmail(), 'password1', address)).statusCode).toBe(429);
    expect((await signIn(newcomer.email, newcomer.password, address)).statusCode).toBe(429);
    expect((await signIn(regular.email, regular.password, address)).statusCode).toBe(200);
    expect((await signIn(regular.email, 'wrong password', address)).statusCode).toBe(401);
  });

  it('lets a club sign 30 members up at the door from one address', async () => {
    const club = someAddress();
    for (let i = 0; i < 30; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        remoteAddress: club,
        payload: { email: uniqueEmail('member'), password: 'long enough', names: `Member ${i}` },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('limits the sign-ups of one email address, from any address', async () => {
    const email = uniqueEmail('target');
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        remoteAddress: someAddress(),
        payload: { email, password: 'long enough', names: 'Someone' },
      });
    for (let i = 0; i < productionLimits.registerPerEmail; i++) expect((await register()).statusCode).toBe(200);
    const limited = await register();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(TOO_MANY);
    // The owner is mailed once for each answered attempt, never more.
    const mails = await t.database.db.selectFrom('outbox').select('id').where('toAddress', '=', email).execute();
    expect(mails).toHaveLength(productionLimits.registerPerEmail);
  });
});

describe('deleting an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const deleteSelf = (cookie: string, currentPassword = DEFAULT_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/update', headers: { cookie }, payload: { type: 'delete', value: '', currentPassword } });

  it('the last admin cannot delete their own account through the profile', async () => {
    const admin = await buildUser(t.app, { role: 'admin' });
    // Every other admin of this database is disabled, so this one is the last.
    await t.database.db.updateTable('users').set({ disabled: true }).where('role', '=', 'admin').where('id', '!=', admin.id).execute();
    const cookie = await login(t.app, admin);
    const refused = await deleteSelf(cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(messages.lastAdmin);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', admin.id).execute()).toHaveLength(1);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'user.delete_self')
      .where('target', '=', admin.email)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ outcome: 'failure' })]);

    // With another admin, it may go.
    await buildUser(t.app, { role: 'admin' });
    expect((await deleteSelf(cookie)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', admin.id).execute()).toEqual([]);
  });

  it('the last two admins deleting themselves at once: one stays', async () => {
    const [first, second] = [await buildUser(t.app, { role: 'admin' }), await buildUser(t.app, { role: 'admin' })];
    await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('role', '=', 'admin')
      .where('id', 'not in', [first.id, second.id])
      .execute();
    const cookies = [await login(t.app, first), await login(t.app, second)];
    const answers = await Promise.all(cookies.map((cookie) => deleteSelf(cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const left = await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', false).execute();
    expect(left).toHaveLength(1);
  });

  it('a player deleting their own account leaves other events as a name without the email, as an admin delete does', async () => {
    const player = await buildUser(t.app, { names: 'Leaving Player' });
    const organiserCookie = await login(t.app, await buildUser(t.app));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tournaments',
      headers: { cookie: organiserCookie },
      payload: {
        tables: 3,
        boardsPerRound: 2,
        gameDetails: {
          type: 1,
          typeName: 'Club Pairs',
          players: 12,
          rounds: 3,
          movementType: 'Mitchell',
          scoreType: 'IMP',
          handgeneratedModeAsString: 'Random',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().result.key as string;
    const seated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tournaments/${key}/participants`,
      headers: { cookie: organiserCookie },
      payload: { participants: [{ email: player.email, table: 1, side: 0 }] },
    });
    expect(seated.statusCode, seated.body).toBe(200);
    const ownEvent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tournaments',
      headers: { cookie: await login(t.app, player) },
      payload: {
        tables: 3,
        boardsPerRound: 2,
        gameDetails: {
          type: 1,
          typeName: 'Own Pairs',
          players: 12,
          rounds: 3,
          movementType: 'Mitchell',
          scoreType: 'IMP',
          handgeneratedModeAsString: 'Random',
        },
      },
    });
    expect(ownEvent.statusCode).toBe(200);

    const response = await deleteSelf(
      sessionCookie(await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: player.email, password: player.password } })),
    );
    expect(response.statusCode, response.body).toBe(200);
    const seats = await t.database.db
      .selectFrom('participants')
      .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
      .select(['participants.names', 'participants.userId', 'participants.email'])
      .where('tournaments.key', '=', key)
      .execute();
    expect(seats).toEqual([{ names: 'Leaving Player', userId: null, email: null }]);
    expect(await t.database.db.selectFrom('tournaments').select('id').where('key', '=', ownEvent.json().result.key).execute()).toEqual([]);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'user.delete_self')
      .where('target', '=', player.email)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ eventsDeleted: 1 });
  });
});
