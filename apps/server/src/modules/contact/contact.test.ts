import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ supportEmail: 'support@bridge.test' });
});
afterAll(async () => t.close());

const valid = { name: 'Dev Patel', email: 'dev@example.com', contact: '98765 43210', description: 'Can our club run a hybrid event?', type: 1 };
const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/tools/send-email', payload });
const stored = () => t.database.db.selectFrom('contactMessages').selectAll().execute();

describe('POST /api/v1/tools/send-email', () => {
  it('stores the message and mails it to the support address', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { message: messages.messageSent } });
    expect(await stored()).toEqual([expect.objectContaining({ name: 'Dev Patel', email: 'dev@example.com', contact: '+919876543210', type: 1 })]);
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('toAddress', '=', 'support@bridge.test').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Contact form: Dev Patel');
    expect(mail.textBody).toContain('Can our club run a hybrid event?');
  });

  it('accepts a number from abroad in international form', async () => {
    expect((await send({ ...valid, contact: '+44 20 7946 0958' })).statusCode).toBe(200);
  });

  it.each([
    [{ name: ' ' }, messages.contactNameRequired],
    [{ email: 'not-an-email' }, messages.invalidEmail],
    [{ contact: '' }, messages.contactTooShort],
    [{ contact: '12' }, messages.contactTooShort],
    [{ contact: '+999 1234567' }, messages.invalidCountryCode],
    [{ contact: '98765 4321 98765 4321' }, messages.checkContact],
    [{ description: '   ' }, messages.passwordTooShort],
    [{ type: 2 }, expect.any(String)],
  ])('refuses %j with "%s" and stores nothing', async (change, error) => {
    const before = (await stored()).length;
    const response = await send({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(error);
    expect(await stored()).toHaveLength(before);
  });
});

describe('the contact rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, contact: 2 } });
  });
  afterAll(async () => limited.close());
  const from = (payload: object) => limited.app.inject({ method: 'POST', url: '/api/v1/tools/send-email', payload, remoteAddress: '10.20.30.40' });

  it('counts only accepted messages: refused ones (a mistyped number, a blank field) use none of it', async () => {
    for (const change of [{ contact: '12' }, { contact: '+999 1234567' }, { contact: '98765' }, { name: '' }, { email: 'nope' }]) {
      expect((await from({ ...valid, ...change })).statusCode).toBe(400);
    }
    expect((await from(valid)).statusCode).toBe(200);
    expect((await from(valid)).statusCode).toBe(200);
    const third = await from(valid);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('rate_limited');
    expect(await limited.database.db.selectFrom('contactMessages').select('id').where('ip', '=', '10.20.30.40').execute()).toHaveLength(2);
  });
});
