import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

/** A clock the test moves by hand. */
function handClock() {
  let ms = 1_000_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

const takeMany = (bucket: TokenBucket, count: number) => Array.from({ length: count }, () => bucket.take()).filter(Boolean).length;

describe('a socket allowance', () => {
  it('allows a burst at once, then refuses until time refills it', () => {
    const clock = handClock();
    const bucket = new TokenBucket(5, 2, clock.now);
    expect(takeMany(bucket, 8)).toBe(5);
    expect(bucket.take()).toBe(false);
    // Half a second at two a second: one more message.
    clock.advance(500);
    expect(takeMany(bucket, 3)).toBe(1);
  });

  it('refills at its rate, a fraction at a time, and never past the burst', () => {
    const clock = handClock();
    const bucket = new TokenBucket(3, 10, clock.now);
    expect(takeMany(bucket, 3)).toBe(3);
    // 50 ms is half a message: nothing yet; another 50 ms makes it whole.
    clock.advance(50);
    expect(bucket.take()).toBe(false);
    clock.advance(50);
    expect(bucket.take()).toBe(true);
    // A long quiet time refills the burst only.
    clock.advance(60_000);
    expect(takeMany(bucket, 10)).toBe(3);
  });
});
