import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { VIDEO_SOCKETS_PER_USER } from '@bridge/api';
import { LOG_FORMATS, type LogFormat } from './lib/log-destination.ts';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** A comma-separated list of `scheme:host[:port][?query]` addresses (STUN and TURN addresses have no `//`). */
const urlList = (schemes: string[]) =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every((item) => schemes.some((scheme) => item.startsWith(`${scheme}:`))), {
      message: `each address must start with ${schemes.map((s) => `${s}:`).join(' or ')}`,
    });

/** A proxy address as Fastify's trustProxy takes it: an IP, an IP/prefix, or one of proxy-addr's named ranges. */
const isProxyAddress = (item: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies may say who the client is. `false` (or 0): none, the socket's address is the client. A number:
 * that many proxies in front, the client is the address the outermost one appended. A list: those proxies'
 * addresses. `true` once meant "believe every X-Forwarded-For entry", which let a client pick its own address;
 * it now means 1, the single nginx of docs/deploy.md.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length && items.every(isProxyAddress)) return items;
    context.addIssue({
      code: 'custom',
      message: 'must be false, a number of proxies (1 for one nginx) or a comma-separated list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: port.default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Bridge Platform <no-reply@localhost>'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: trustProxy,
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    RELEASES_DIR: z.string().optional(),
    SUPPORT_EMAIL: z.email().optional(),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    // Events one user may create an hour (organiser API and director's console together); a load bench raises it.
    EVENT_CREATION_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
    TURN_URLS: urlList(['turn', 'turns']),
    TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    STUN_URLS: urlList(['stun', 'stuns']),
    VIDEO_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    // How long a robot at an online table waits before its call or card, so people see it come.
    ROBOT_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(800),
    // With Redis: how long an online table's owner holds it without renewing; a dead instance's tables move after this.
    PLAY_LEASE_MS: z.coerce.number().int().min(300).max(120_000).default(10_000),
    // Open signalling sockets per user across the instances (docs/decisions/028); a load bench raises it.
    VIDEO_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(VIDEO_SOCKETS_PER_USER),
    // Double-dummy solver processes (0 turns analysis off); at most the machine's cores.
    ANALYSIS_WORKERS: z.coerce.number().int().min(0).max(availableParallelism()).default(availableParallelism()),
    DDS_LIBRARY: z.string().default('libdds.so.0'),
  })
  .refine((env) => !env.TURN_URLS.length || Boolean(env.TURN_SECRET), {
    path: ['TURN_SECRET'],
    message: 'TURN_URLS needs TURN_SECRET (the static-auth-secret of coturn)',
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  });

/** Requests allowed per window on the endpoints that are worth guessing at. */
export interface RateLimits {
  /** Wrong passwords for one account from one address per window, the player and the admin sign-in together. */
  login: number;
  /** Wrong passwords from one address over all accounts per window; an account that signed in from there lately is not held by it. */
  loginPerAddress: number;
  contact: number;
  pageViews: number;
  /** Sign-ups from one address per registerWindowMs: a club signing its members up at the door fits. */
  register: number;
  /** Sign-ups of one email address per registerWindowMs, from any address (each one mails that address). */
  registerPerEmail: number;
  registerWindowMs: number;
  passwordReset: number;
  verifyResend: number;
  /** Seating calls (`POST /tournaments/{key}/participants`) per address and window: each one looks emails up. */
  seating: number;
  /**
   * The director's player searches per signed-in user (not per address: a club's directors share one) and window:
   * a 14-pair field is 28 players, a few lookups each as the names are typed.
   */
  playerSearch: number;
  windowMs: number;
  /** Events one user creates per eventCreationWindowMs, the organiser API and the director's console together. */
  eventCreation: number;
  eventCreationWindowMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  webDistDir: string | undefined;
  /** Installer files named {app}-{platform}-{version}.{ext}; the newest of each is offered. */
  releasesDir: string;
  /** Where contact-form messages are mailed; unset: they are only stored (and listed in the admin console). */
  supportEmail: string | undefined;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses (see TRUST_PROXY). */
  trustProxy: false | number | string[];
  logLevel: string;
  /** auto: readable lines at a terminal, JSON lines otherwise. */
  logFormat: LogFormat;
  rateLimits: RateLimits;
  /** Token lifetimes in milliseconds. */
  tokenTtl: { verify: number; reset: number };
  sessionTtlMs: number;
  /** See SessionCache in plugins/session.ts. */
  sessionCacheMs: number;
  /** Video chat: relay and STUN addresses, and how often a silent socket is checked. */
  video: { turnUrls: string[]; turnSecret: string | undefined; stunUrls: string[]; heartbeatMs: number; socketsPerUser: number };
  /** Double-dummy analysis: solver processes (0: off) and the DDS library to load (Debian's libdds0). */
  analysis: { workers: number; library: string };
  /** How often the director's live stream writes a comment while nothing changes, so proxies keep it open. */
  liveHeartbeatMs: number;
  /** Online play: how long a robot waits before it acts; how long a table's lease lasts across instances. */
  play: { robotDelayMs: number; leaseMs: number };
}

export class ConfigError extends Error {}

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing means unset, as in a copy of .env.example (`ADMIN_EMAIL=`, `RELEASES_DIR=`).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    releasesDir: path.resolve(e.RELEASES_DIR ?? path.join(e.DATA_DIR, 'releases')),
    supportEmail: e.SUPPORT_EMAIL?.toLowerCase(),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      loginPerAddress: e.LOGIN_ADDRESS_RATE_LIMIT,
      contact: 5,
      pageViews: 600,
      register: 60,
      registerPerEmail: 3,
      registerWindowMs: 3600_000,
      passwordReset: 5,
      verifyResend: 5,
      seating: 30,
      playerSearch: 200,
      windowMs: 15 * 60_000,
      eventCreation: e.EVENT_CREATION_RATE_LIMIT,
      eventCreationWindowMs: 3600_000,
    },
    tokenTtl: { verify: 24 * 3600_000, reset: 3600_000 },
    sessionTtlMs: 30 * 24 * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    video: {
      turnUrls: e.TURN_URLS,
      turnSecret: e.TURN_SECRET,
      stunUrls: e.STUN_URLS,
      heartbeatMs: e.VIDEO_HEARTBEAT_MS,
      socketsPerUser: e.VIDEO_SOCKETS_PER_USER,
    },
    analysis: { workers: e.ANALYSIS_WORKERS, library: e.DDS_LIBRARY },
    liveHeartbeatMs: 25_000,
    play: { robotDelayMs: e.ROBOT_DELAY_MS, leaseMs: e.PLAY_LEASE_MS },
  };
}
