import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { DEFAULT_PASSWORD, buildUser, lastMailLink, login, sessionCookie, tokenOf, uniqueEmail } from '../../../test/factories.ts';
import { CURRENT_PASSWORD_TRIES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const countUsers = async (email: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/v1/user/register', () => {
  it('creates an unverified account, mails its verification link and does not sign in', async () => {
    const email = uniqueEmail();
    const response = await post('/api/v1/user/register', { email: email.toUpperCase(), password: 'long enough', names: ' Ann Smith ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ email, message: messages.registrationSent(email) });
    expect(response.cookies.find((c) => c.name === 'bridge_session')).toBeUndefined();
    const user = await t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ names: 'Ann Smith', emailVerified: false, role: 'player', disabled: false });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await lastMailLink(t.app, email)).toMatch(/^http:\/\/bridge\.test\/verify-email\?token=[\w-]{43}$/);
  });

  it('answers an address that already has an account exactly like a new one, and mails its owner instead', async () => {
    const existing = await buildUser(t.app);
    const response = await post('/api/v1/user/register', { email: existing.email, password: 'another password', names: 'Someone Else' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ email: existing.email, message: messages.registrationSent(existing.email) });
    expect(await countUsers(existing.email)).toBe(1);
    expect(await lastMailLink(t.app, existing.email)).toBe('http://bridge.test/login');
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough', names: 'A' }, messages.invalidEmail],
    [{ email: '', password: 'long enough', names: 'A' }, messages.emailRequired],
    [{ email: 'x@example.com', password: 'short', names: 'A' }, messages.passwordTooShort],
    [{ email: 'x@example.com', password: 'long enough', names: '   ' }, messages.invalidName],
    [{ password: 'long enough', names: 'A' }, messages.emailRequired],
  ])('refuses %j with "%s" and creates nothing', async (payload, error) => {
    const response = await post('/api/v1/user/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error, code: 'validation_failed' });
    expect(await countUsers('x@example.com')).toBe(0);
  });
});

describe('registration is all or nothing', () => {
  it('leaves no account behind when a later step of the registration fails', async () => {
    const email = uniqueEmail();
    // Make the last write of the registration (its mail) fail, as a crash at that point would.
    await sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$`.execute(
      t.database.db,
    );
    await sql`create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`.execute(t.database.db);
    try {
      const response = await post('/api/v1/user/register', { email, password: 'long enough', names: 'Ann' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: messages.operationFailed, code: 'internal_error' });
    } finally {
      await sql`drop trigger refuse_mail on outbox`.execute(t.database.db);
      await sql`drop function refuse_mail()`.execute(t.database.db);
    }
    expect(await countUsers(email)).toBe(0);
    expect(
      await t.database.db
        .selectFrom('emailTokens')
        .innerJoin('users', 'users.id', 'emailTokens.userId')
        .where('users.email', '=', email)
        .selectAll()
        .execute(),
    ).toHaveLength(0);
  });
});

describe('email verification', () => {
  it('confirms a link once; a second use, an unknown token and an expired one are refused', async () => {
    const email = uniqueEmail();
    await post('/api/v1/user/register', { email, password: 'long enough', names: 'Ann' });
    const token = tokenOf(await lastMailLink(t.app, email))!;
    const first = await post('/api/v1/user/verify/confirm', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().result.message).toBe(messages.emailVerified);
    const user = await t.database.db.selectFrom('users').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(true);

    const again = await post('/api/v1/user/verify/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(messages.invalidVerifyLink);
    expect((await post('/api/v1/user/verify/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(400);
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const email = uniqueEmail();
    await post('/api/v1/user/register', { email, password: 'long enough', names: 'Ann' });
    const token = tokenOf(await lastMailLink(t.app, email))!;
    await t.database.db
      .updateTable('emailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) } as never)
      .execute();
    const response = await post('/api/v1/user/verify/confirm', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.invalidVerifyLink);
    const user = await t.database.db.selectFrom('users').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(false);
  });

  it('stores only a hash of the token', async () => {
    const email = uniqueEmail();
    await post('/api/v1/user/register', { email, password: 'long enough', names: 'Ann' });
    const token = tokenOf(await lastMailLink(t.app, email))!;
    const rows = await t.database.db.selectFrom('emailTokens').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('resends for the signed-in user, and a newer link makes the older one stop working', async () => {
    const user = await buildUser(t.app, { emailVerified: false });
    const cookie = await login(t.app, user);
    await post('/api/v1/user/verify', { uid: user.id }, cookie);
    const older = tokenOf(await lastMailLink(t.app, user.email))!;
    const response = await post('/api/v1/user/verify', {}, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.message).toBe(messages.verificationSent);
    const newer = tokenOf(await lastMailLink(t.app, user.email))!;
    expect(newer).not.toBe(older);
    expect((await post('/api/v1/user/verify/confirm', { token: older })).statusCode).toBe(400);
    expect((await post('/api/v1/user/verify/confirm', { token: newer })).statusCode).toBe(200);
  });

  it('resends by email when signed out, answering unknown addresses alike', async () => {
    const user = await buildUser(t.app, { emailVerified: false });
    const known = await post('/api/v1/user/verify', { email: user.email });
    const unknown = await post('/api/v1/user/verify', { email: uniqueEmail() });
    expect(known.json()).toEqual(unknown.json());
    expect(tokenOf(await lastMailLink(t.app, user.email))).toBeDefined();
  });

  it('answers 401 when signed out with no email, and 400 when already verified', async () => {
    expect((await post('/api/v1/user/verify', {})).statusCode).toBe(401);
    const user = await buildUser(t.app);
    const response = await post('/api/v1/user/verify', {}, await login(t.app, user));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.alreadyVerified);
  });
});

describe('login, session and logout', () => {
  it('signs in with the right password (email in any case) and answers the session user', async () => {
    const user = await buildUser(t.app, { names: 'Bea Jones', city: 'Pune' });
    const response = await post('/api/v1/user/login', { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'bridge_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await get('/api/v1/user', sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({
      uid: user.id,
      displayName: 'Bea Jones',
      email: user.email,
      emailVerified: true,
      city: 'Pune',
      role: 'player',
    });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await buildUser(t.app);
    const wrong = await post('/api/v1/user/login', { email: user.email, password: 'not the password' });
    const unknown = await post('/api/v1/user/login', { email: uniqueEmail(), password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(messages.wrongCredentials);
  });

  it('lets an unverified user sign in so the app can send them to /verify-email', async () => {
    const user = await buildUser(t.app, { emailVerified: false });
    const me = await get('/api/v1/user', await login(t.app, user));
    expect(me.json().result.emailVerified).toBe(false);
  });

  it('answers 401 without a session or with a made-up cookie', async () => {
    expect((await get('/api/v1/user')).statusCode).toBe(401);
    const response = await get('/api/v1/user', 'bridge_session=forged');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(messages.notSignedIn);
  });

  it('ends the session on logout', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const response = await post('/api/v1/user/logout', {}, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'bridge_session')?.value).toBe('');
    expect((await get('/api/v1/user', cookie)).statusCode).toBe(401);
  });

  it('refuses a disabled user, and disabling ends sessions already open', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    await t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect((await get('/api/v1/user', cookie)).statusCode).toBe(401);
    const response = await post('/api/v1/user/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.accountDisabled);
  });

  it('records sign-ins, failed ones too, in the audit log', async () => {
    const user = await buildUser(t.app);
    await login(t.app, user);
    await post('/api/v1/user/login', { email: user.email, password: 'wrong password' });
    const rows = await t.database.db.selectFrom('auditLog').selectAll().where('target', '=', user.email).orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['user.login', 'success'],
      ['user.login', 'failure'],
    ]);
  });
});

describe('password reset', () => {
  it('answers the same text for known and unknown addresses and mails only the known one', async () => {
    const user = await buildUser(t.app);
    const unknownEmail = uniqueEmail();
    const known = await post('/api/v1/user/sendPasswordResetEmail', { email: user.email });
    const unknown = await post('/api/v1/user/sendPasswordResetEmail', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.json().result.message).toBe(messages.passwordResetSent(user.email));
    expect(unknown.json().result.message).toBe(messages.passwordResetSent(unknownEmail));
    expect(await lastMailLink(t.app, user.email)).toMatch(/\/reset-password\?token=/);
    expect(await lastMailLink(t.app, unknownEmail)).toBeUndefined();
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    await post('/api/v1/user/sendPasswordResetEmail', { email: user.email });
    const token = tokenOf(await lastMailLink(t.app, user.email))!;
    const response = await post('/api/v1/user/resetPassword', { token, password: 'a brand new one' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.message).toBe(messages.passwordResetDone);
    expect((await get('/api/v1/user', cookie)).statusCode).toBe(401);
    expect((await post('/api/v1/user/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/v1/user/login', { email: user.email, password: 'a brand new one' })).statusCode).toBe(200);
    const reuse = await post('/api/v1/user/resetPassword', { token, password: 'yet another one' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe(messages.invalidResetLink);
  });

  it('refuses an expired link, and a short password, without changing anything', async () => {
    const user = await buildUser(t.app);
    await post('/api/v1/user/sendPasswordResetEmail', { email: user.email });
    const token = tokenOf(await lastMailLink(t.app, user.email))!;
    const short = await post('/api/v1/user/resetPassword', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(messages.passwordTooShort);
    await t.database.db
      .updateTable('emailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) } as never)
      .where('userId', '=', user.id)
      .execute();
    expect((await post('/api/v1/user/resetPassword', { token, password: 'a brand new one' })).statusCode).toBe(400);
    expect((await post('/api/v1/user/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('does not mail a disabled account', async () => {
    const user = await buildUser(t.app, { disabled: true });
    await post('/api/v1/user/sendPasswordResetEmail', { email: user.email });
    expect(await lastMailLink(t.app, user.email)).toBeUndefined();
  });
});

describe('a new password is more than 8 characters', () => {
  const EIGHT = 'eight ch';
  const NINE = 'nine char';

  it('refuses exactly 8 characters at registration, reset and profile change, and accepts 9', async () => {
    const registered = await post('/api/v1/user/register', { email: uniqueEmail(), password: EIGHT, names: 'Ann' });
    expect(registered.json()).toMatchObject({ error: messages.passwordTooShort, code: 'validation_failed' });
    expect((await post('/api/v1/user/register', { email: uniqueEmail(), password: NINE, names: 'Ann' })).statusCode).toBe(200);

    const user = await buildUser(t.app);
    await post('/api/v1/user/sendPasswordResetEmail', { email: user.email });
    const token = tokenOf(await lastMailLink(t.app, user.email))!;
    expect((await post('/api/v1/user/resetPassword', { token, password: EIGHT })).json().error).toBe(messages.passwordTooShort);

    const cookie = await login(t.app, user);
    const changed = await post('/api/v1/user/update', { type: 'password', value: EIGHT, currentPassword: user.password }, cookie);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error).toBe(messages.passwordTooShort);
    expect((await post('/api/v1/user/update', { type: 'password', value: NINE, currentPassword: user.password }, cookie)).statusCode).toBe(200);
  });

  it('still signs in with an older password of 8 characters', async () => {
    const user = await buildUser(t.app, { password: EIGHT });
    expect((await post('/api/v1/user/login', { email: user.email, password: EIGHT })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/user/update', () => {
  it('updates the name and answers the updated user', async () => {
    const user = await buildUser(t.app);
    const response = await post('/api/v1/user/update', { type: 'name', value: 'Chandra Rao' }, await login(t.app, user));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ message: messages.profileUpdated, user: { displayName: 'Chandra Rao' } });
  });

  it.each([
    ['name', '  ', messages.invalidName],
    ['email', '  ', messages.emailRequired],
    ['pin', '12345', 'Please enter a valid 6-digit PIN code'],
    ['contact', '98', 'Contact too short'],
    ['contact', '+1 415 555 2671', 'Invalid country code'],
    ['contact', '+91 55555 55555', 'Please check your contact'],
  ])('refuses %s "%s" with "%s" and changes nothing', async (type, value, error) => {
    const user = await buildUser(t.app, { names: 'Unchanged', postalIndexNumber: '411001', contact: '+919876543210' });
    const response = await post('/api/v1/user/update', { type, value }, await login(t.app, user));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ names: 'Unchanged', postalIndexNumber: '411001', contact: '+919876543210' });
  });

  it('stores an Indian contact in international form', async () => {
    const user = await buildUser(t.app);
    const response = await post('/api/v1/user/update', { type: 'contact', value: '098765 43210' }, await login(t.app, user));
    expect(response.json().result.user.contact).toBe('+919876543210');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await buildUser(t.app);
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    const refused = await post('/api/v1/user/update', { type: 'password', value: 'a new password', currentPassword: 'wrong one' }, here);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(messages.currentPasswordWrong);
    const ok = await post('/api/v1/user/update', { type: 'password', value: 'a new password', currentPassword: DEFAULT_PASSWORD }, here);
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/v1/user', here)).statusCode).toBe(200);
    expect((await get('/api/v1/user', elsewhere)).statusCode).toBe(401);
  });

  // A stolen session must not be enough to move the account to another address or to delete it.
  const withoutTheRightPassword = [
    ['a wrong current password', { currentPassword: 'wrong one' }],
    ['an empty current password', { currentPassword: '' }],
    ['no current password', {}],
  ] as const;
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const mailsTo = async (email: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('toAddress', '=', email)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditActions = async (email: string) =>
    (await t.database.db.selectFrom('auditLog').select('action').where('target', '=', email).orderBy('id').execute()).map((r) => r.action);

  it('changing the email asks to verify the new address, and refuses one in use', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const taken = await post('/api/v1/user/update', { type: 'email', value: other.email, currentPassword: DEFAULT_PASSWORD }, cookie);
    expect(taken.statusCode).toBe(409);
    const newEmail = uniqueEmail();
    const response = await post('/api/v1/user/update', { type: 'email', value: newEmail, currentPassword: DEFAULT_PASSWORD }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.user).toMatchObject({ email: newEmail, emailVerified: false });
    expect(await lastMailLink(t.app, newEmail)).toMatch(/verify-email\?token=/);
  });

  it.each(withoutTheRightPassword)('refuses to change the email with %s and changes nothing', async (_, password) => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const newEmail = uniqueEmail();
    const response = await post('/api/v1/user/update', { type: 'email', value: newEmail, ...password }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.currentPasswordWrong, code: 'wrong_password' });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailsTo(newEmail)).toBe(0);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await t.database.db.selectFrom('emailTokens').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
    // The refusal is recorded (it counts towards the limit on guesses), and nothing else.
    expect(await auditActions(user.email)).toEqual(['user.login', 'user.current_password_wrong']);
    expect((await get('/api/v1/user', cookie)).json().result.email).toBe(user.email);
  });

  it('deletes the account with the current password and signs out', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const response = await post('/api/v1/user/update', { type: 'delete', value: '', currentPassword: DEFAULT_PASSWORD }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ message: messages.accountDeleted, user: null });
    expect(await countUsers(user.email)).toBe(0);
    expect((await get('/api/v1/user', cookie)).statusCode).toBe(401);
  });

  it.each(withoutTheRightPassword)('refuses to delete the account with %s and keeps it', async (_, password) => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const response = await post('/api/v1/user/update', { type: 'delete', value: '', ...password }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.currentPasswordWrong, code: 'wrong_password' });
    expect(await countUsers(user.email)).toBe(1);
    // The refusal is recorded (it counts towards the limit on guesses), and nothing else.
    expect(await auditActions(user.email)).toEqual(['user.login', 'user.current_password_wrong']);
    // The session goes on, and the account can still sign in.
    expect((await get('/api/v1/user', cookie)).statusCode).toBe(200);
    const again = await post('/api/v1/user/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(again.statusCode).toBe(200);
  });

  it('stops a session guessing the current password after CURRENT_PASSWORD_TRIES wrong ones, even with the right one', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const types = ['password', 'email', 'delete'] as const;
    for (let i = 0; i < CURRENT_PASSWORD_TRIES; i++) {
      const type = types[i % types.length]!;
      const guess = await post(
        '/api/v1/user/update',
        { type, value: type === 'email' ? uniqueEmail() : 'a new password', currentPassword: `guess ${i}` },
        cookie,
      );
      expect(guess.json().code).toBe('wrong_password');
    }
    const refused = await post('/api/v1/user/update', { type: 'delete', value: '', currentPassword: DEFAULT_PASSWORD }, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests('15 minutes'), code: 'rate_limited' });
    expect(await countUsers(user.email)).toBe(1);
    // Another account is not held back by this one's guesses; the other edits go on.
    const other = await buildUser(t.app);
    const ok = await post('/api/v1/user/update', { type: 'delete', value: '', currentPassword: DEFAULT_PASSWORD }, await login(t.app, other));
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/v1/user/update', { type: 'city', value: 'Pune' }, cookie)).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await post('/api/v1/user/update', { type: 'name', value: 'X' })).statusCode).toBe(401);
  });
});
