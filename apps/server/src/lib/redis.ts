import { Redis } from 'ioredis';

/**
 * A Redis client as every part of the server uses one: it connects at once, and a command fails after one retry
 * rather than waiting in the offline queue, so a request or a signalling message is answered while Redis is down.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
}
