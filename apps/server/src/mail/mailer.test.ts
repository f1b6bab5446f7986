import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { uniqueEmail } from '../../test/factories.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; next(): Promise<Received>; close(): Promise<void> }> {
  const received: Received[] = [];
  const waiters: ((mail: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        received.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Bridge Platform <no-reply@bridge.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the verification mail of a registration and marks it sent in the outbox', async () => {
    const email = uniqueEmail();
    const arrived = smtp.next();
    await t.app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { email, password: 'long enough', names: 'Ann' } });
    const mail = await arrived;
    expect(mail.to).toEqual([email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/Subject: Confirm your email address/);
    expect(body).toMatch(/From: Bridge Platform <no-reply@bridge\.test>/);
    expect(body).toMatch(/http:\/\/bridge\.test\/verify-email\?token=[\w-]{43}/);
    await t.app.mailer.idle();
    const row = await t.database.db.selectFrom('outbox').selectAll().where('toAddress', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
