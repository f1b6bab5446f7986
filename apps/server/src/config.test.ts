import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, smtpUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('starts from a plain copy of .env.example: a variable set to nothing means unset', () => {
    const example = parseEnv(fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8')) as NodeJS.ProcessEnv;
    expect(example.ADMIN_EMAIL).toBe('');
    const config = loadConfig(example);
    expect(config.admin).toBeUndefined();
    expect(config.supportEmail).toBeUndefined();
    expect(config.video.turnSecret).toBeUndefined();
    expect(config.releasesDir).toBe(path.resolve('./data/releases'));
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL'],
    [{ TURN_URLS: 'turn:turn.example.org:3478' }, 'TURN_SECRET'],
    [{ TURN_URLS: 'https://turn.example.org', TURN_SECRET: 'a long enough secret' }, 'TURN_URLS'],
    [{ STUN_URLS: 'stun:ok.example.org, turn:wrong.example.org' }, 'STUN_URLS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1, nginx.local' }, 'TRUST_PROXY'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n(.|\\n)*  ${name}: `));
  });

  it('reads the video relay addresses as comma-separated lists', () => {
    const config = loadConfig({
      TURN_URLS: 'turn:a.example.org:3478, turns:a.example.org:5349',
      TURN_SECRET: 'a long enough secret',
      STUN_URLS: 'stun:a.example.org',
    });
    expect(config.video).toMatchObject({
      turnUrls: ['turn:a.example.org:3478', 'turns:a.example.org:5349'],
      stunUrls: ['stun:a.example.org'],
      heartbeatMs: 5000,
    });
    expect(loadConfig({}).video).toMatchObject({ turnUrls: [], stunUrls: [], turnSecret: undefined });
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses; true is one proxy, never every address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', SMTP_URL: 'ftp://x' })).toThrow(/PORT(.|\n)*SMTP_URL/);
  });

  it('drops a trailing slash from PUBLIC_URL so links are built cleanly', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bridge.example.org/' }).publicUrl).toBe('https://bridge.example.org');
  });
});
