import { describe, expect, it } from 'vitest';
import { openRedis } from './redis.ts';

describe('openRedis', () => {
  it('fails the commands of a Redis that is not there, without printing an unhandled error for each reconnection', async () => {
    const redis = openRedis('redis://127.0.0.1:1');
    try {
      await expect(redis.get('anything')).rejects.toThrow();
      // A refused reconnection or two more, each of which would print without a listener.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      redis.disconnect();
    }
  });
});
