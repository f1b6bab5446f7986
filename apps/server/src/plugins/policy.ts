import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { actorRefusal, declaredRule, subjectRefusal, type Action, type RoutePolicy } from '../lib/policy.ts';

export interface PolicyPluginOptions {
  /** Routes other plugins register under /api that are public by nature (the API's own documentation pages). */
  publicPrefixes: string[];
}

/** The paths where every route must say who may call it. */
const GUARDED = /^\/(api|ws)(\/|$)/;

type Hook = (request: FastifyRequest) => Promise<void>;
const hooksOf = (hooks: unknown): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * The one authorisation layer: each route declares `config.policy` and this plugin runs it. The actor's part runs
 * on request, after the route's own request hooks (rate limits, same origin) and before its input is read, so a
 * caller who may not call the route learns nothing of its parameters; the subject's part runs once the params are
 * validated and hands the subject it looked up to the handler. A route under /api or /ws with no policy stops
 * the server from starting. Register it after the session plugin and before any route.
 */
export const policyPlugin = fp<PolicyPluginOptions>(async (app, { publicPrefixes }) => {
  app.decorateRequest('policySubject', undefined);

  const checkActor =
    (action: Action): Hook =>
    async (request) => {
      await app.loadUser(request);
      const refusal = actorRefusal(request.user, action);
      if (refusal) throw refusal;
    };
  const checkSubject =
    ({ action, load }: RoutePolicy): Hook =>
    async (request) => {
      const subject = await load!(request);
      const refusal = subjectRefusal(request.user, action, subject as never);
      if (refusal) throw refusal;
      request.policySubject = subject;
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.policy;
    const where = `${String(route.method)} ${route.url}`;
    if (!declared) {
      if (GUARDED.test(route.url) && !publicPrefixes.some((prefix) => route.url.startsWith(prefix))) {
        throw new Error(`${where} declares no policy: give it config.policy ('public', or policy(action))`);
      }
      return;
    }
    if (declared === 'public') return;
    const rule = declaredRule(declared.action);
    if (!rule) throw new Error(`${where} names ${declared.action}, which no policy.ts declares a rule for`);
    if (rule.subject && !declared.load) throw new Error(`${where}: ${declared.action} is decided by its subject; say how to look it up`);
    // New arrays, not pushes: Fastify's HEAD twin of a GET route shares the options' arrays.
    route.onRequest = [...hooksOf(route.onRequest), checkActor(declared.action)] as RouteOptions['onRequest'];
    if (declared.load) route.preHandler = [checkSubject(declared), ...hooksOf(route.preHandler)] as RouteOptions['preHandler'];
  });
});
