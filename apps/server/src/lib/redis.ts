import { Redis } from 'ioredis';

/**
 * A Redis client as every part of the server uses one: it connects at once, and a command fails after one retry
 * rather than waiting in the offline queue, so a request or a signalling message is answered while Redis is down.
 */
export function openRedis(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  // While Redis is down each command fails on its own and its caller answers for it, and ioredis reconnects by
  // itself; without a listener it would also print "Unhandled error event" for every refused reconnection.
  redis.on('error', () => undefined);
  return redis;
}
