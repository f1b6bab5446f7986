import type { Redis } from 'ioredis';
import { tooManyAttempts } from './errors.ts';

/** A key's count in its window, and the time left until the window ends. */
export interface AttemptCount {
  count: number;
  ttlMs: number;
}

/**
 * Counts attempts per key in fixed windows (the first attempt starts the window), kept in Redis when there is one
 * so every instance sees the same counts, else in this process. Used where a request only counts once its outcome
 * is known (a wrong password), which @fastify/rate-limit, counting every request, cannot express.
 */
export interface AttemptCounter {
  /** Adds one to each key and answers their counts; adding first makes parallel attempts count, never race past. */
  add(keys: string[], windowMs: number): Promise<AttemptCount[]>;
  /** Takes back one attempt from each key that still has its window (an attempt that was not a guess after all). */
  takeBack(keys: string[]): Promise<void>;
  /** Remembers a key for ttlMs. */
  remember(key: string, ttlMs: number): Promise<void>;
  remembers(key: string): Promise<boolean>;
  close(): void;
}

const PREFIX = 'bridge-attempts:';
// DECR on a key whose window just ended would create it again without an expiry.
const TAKE_BACK = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export function redisAttemptCounter(redis: Redis): AttemptCounter {
  return {
    async add(keys, windowMs) {
      const multi = redis.multi();
      for (const key of keys)
        multi
          .set(PREFIX + key, 0, 'PX', windowMs, 'NX')
          .incr(PREFIX + key)
          .pttl(PREFIX + key);
      const results = (await multi.exec()) ?? [];
      for (const [error] of results) if (error) throw error;
      return keys.map((_, i) => ({ count: Number(results[i * 3 + 1]![1]), ttlMs: Math.max(0, Number(results[i * 3 + 2]![1])) }));
    },
    async takeBack(keys) {
      await Promise.all(keys.map((key) => redis.eval(TAKE_BACK, 1, PREFIX + key)));
    },
    async remember(key, ttlMs) {
      await redis.set(PREFIX + key, 1, 'PX', ttlMs);
    },
    async remembers(key) {
      return (await redis.exists(PREFIX + key)) === 1;
    },
    close: () => undefined,
  };
}

export function memoryAttemptCounter(): AttemptCounter {
  const entries = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.endsAt > now) return entry;
    entries.delete(key);
    return undefined;
  };
  // Ended windows are swept so keys made up by a guesser do not pile up.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.endsAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async add(keys, windowMs) {
      const now = Date.now();
      return keys.map((key) => {
        const entry = live(key, now) ?? { count: 0, endsAt: now + windowMs };
        entry.count += 1;
        entries.set(key, entry);
        return { count: entry.count, ttlMs: entry.endsAt - now };
      });
    },
    async takeBack(keys) {
      const now = Date.now();
      for (const key of keys) {
        const entry = live(key, now);
        if (entry) entry.count = Math.max(0, entry.count - 1);
      }
    },
    async remember(key, ttlMs) {
      entries.set(key, { count: 1, endsAt: Date.now() + ttlMs });
    },
    async remembers(key) {
      return live(key, Date.now()) !== undefined;
    },
    close: () => clearInterval(sweep),
  };
}

/**
 * Does `work` as one of `max` a window under `key`, counted before it starts so parallel calls cannot race past:
 * beyond `max`, refused with 429 and the wait. Work that fails (refused for what it was sent) is taken back, so
 * only what was done counts.
 */
export async function withinLimit<T>(
  attempts: AttemptCounter,
  key: string,
  limit: { max: number; windowMs: number },
  work: () => Promise<T>,
): Promise<T> {
  const [counted] = await attempts.add([key], limit.windowMs);
  if (counted!.count > limit.max) throw tooManyAttempts(counted!.ttlMs);
  try {
    return await work();
  } catch (error) {
    await attempts.takeBack([key]);
    throw error;
  }
}
