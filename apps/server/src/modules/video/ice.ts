import { createHmac } from 'node:crypto';
import { RELAY_CREDENTIAL_TTL_SECONDS, type IceServer } from '@bridge/api';

export interface IceConfig {
  /** `turn:`/`turns:` addresses of the relay (coturn), sharing `turnSecret`. */
  turnUrls: string[];
  turnSecret: string | undefined;
  /** `stun:` addresses; they need no credentials. */
  stunUrls: string[];
}

/**
 * Time-limited relay credentials in coturn's shared-secret scheme ("TURN REST API", `use-auth-secret`):
 * the username is `{expiry unix seconds}:{user id}` and the password is base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the password from its copy of the secret and refuses it after the expiry.
 */
export function iceServersFor(userId: string, config: IceConfig, ttlSeconds = RELAY_CREDENTIAL_TTL_SECONDS, now = Date.now()): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length && config.turnSecret) {
    const ttl = Math.min(ttlSeconds, RELAY_CREDENTIAL_TTL_SECONDS);
    const username = `${Math.floor(now / 1000) + ttl}:${userId}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: config.turnUrls, username, credential });
  }
  return servers;
}

/** Configured relays, or null: without TURN, players behind different NATs or firewalls often cannot connect. */
export function missingRelayWarning(config: IceConfig): string | null {
  if (config.turnUrls.length && config.turnSecret) return null;
  return 'No TURN relay is configured (TURN_URLS, TURN_SECRET): players on different networks may not connect to the video at their table. See docs/deploy.md.';
}
