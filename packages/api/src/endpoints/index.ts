import type { Endpoint } from '../endpoint.ts';
import { audits } from './audits.ts';
import { contact } from './contact.ts';
import { dashboard } from './dashboard.ts';
import { downloads } from './downloads.ts';
import { events } from './events.ts';
import { dataExports } from './exports.ts';
import { health } from './health.ts';
import { insights } from './insights.ts';
import { seo } from './seo.ts';
import { users } from './users.ts';
import { video } from './video.ts';

/** Every HTTP endpoint the server serves, by domain: `endpoints.events.postResult`. */
export const endpoints = { events, users, insights, audits, contact, dashboard, downloads, video, health, seo, exports: dataExports };

/** Every declaration with its domain and name (`events.postResult`), for tables and checks. */
export function listEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([domain, declared]) =>
    Object.entries(declared as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })));
}
