import type { Endpoint } from '../endpoint.ts';
import { audits } from './audits.ts';
import { contact } from './contact.ts';
import { contactInbox } from './contact-inbox.ts';
import { dashboard } from './dashboard.ts';
import { directing } from './directing.ts';
import { downloads } from './downloads.ts';
import { events } from './events.ts';
import { dataExports } from './exports.ts';
import { health } from './health.ts';
import { insights } from './insights.ts';
import { play } from './play.ts';
import { seo } from './seo.ts';
import { tables } from './tables.ts';
import { users } from './users.ts';
import { video } from './video.ts';

// Each domain's group on its own as well, so a web page's chunk takes the declarations it calls and no other
// domain's schemas (the contact form's carries the phone-number metadata).
export {
  audits as auditEndpoints,
  contact as contactEndpoints,
  contactInbox as contactInboxEndpoints,
  dashboard as dashboardEndpoints,
  directing as directingEndpoints,
  downloads as downloadEndpoints,
  events as eventEndpoints,
  dataExports as exportEndpoints,
  health as healthEndpoints,
  insights as insightEndpoints,
  play as playEndpoints,
  seo as seoEndpoints,
  tables as tableEndpoints,
  users as userEndpoints,
  video as videoEndpoints,
};

/** Every HTTP endpoint the server serves, by domain: `endpoints.events.postResult`. */
export const endpoints = {
  events,
  directing,
  tables,
  users,
  insights,
  audits,
  contact,
  dashboard,
  downloads,
  video,
  play,
  health,
  seo,
  exports: dataExports,
};

/** Every declaration with its domain and name (`events.postResult`), for tables and checks. */
export function listEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([domain, declared]) =>
    Object.entries(declared as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })),
  );
}
