import type { FastifyRequest } from 'fastify';
import { messages } from '@bridge/api';
import type { UserRow } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/** Who asks: the signed-in user, or null when signed out. */
export type Actor = UserRow | null;

/**
 * Every action a rule is declared for, with the subject it is about (`undefined`: the actor alone decides). Each
 * domain's policy.ts adds its actions to this interface beside its `allow(...)` calls.
 */
export interface Actions {}
export type Action = keyof Actions;

/** The refusal to send (401, 403 or 404 with its message), or undefined when allowed. */
export type Refusal = AppError | undefined;

export interface Rule<S> {
  /** What the actor alone decides: checked on request, before the input is validated or the subject looked up. */
  actor?: (actor: Actor) => Refusal;
  /** What the subject decides, once it is looked up (the actor check passed). */
  subject?: (actor: Actor, subject: S) => Refusal;
}

const rules = new Map<Action, Rule<never>>();

/** Declares who may do an action; once per action, in its domain's policy.ts. */
export function allow<A extends Action>(action: A, rule: Rule<Actions[A]>): void {
  if (rules.has(action)) throw new Error(`The rule of ${action} is declared twice`);
  rules.set(action, rule);
}

function ruleOf(action: Action): Rule<unknown> {
  const rule = rules.get(action);
  // An action nobody declared a rule for is refused to everyone: a forgotten rule closes, never opens.
  if (!rule) throw new Error(`No rule is declared for ${action}`);
  return rule as Rule<unknown>;
}

/** The actor part of an action's rule alone (the route plugin runs it on request). */
export const actorRefusal = (actor: Actor, action: Action): Refusal => ruleOf(action).actor?.(actor);

/** The subject part of an action's rule alone (the route plugin runs it once the subject is looked up). */
export const subjectRefusal = <A extends Action>(actor: Actor, action: A, subject: Actions[A]): Refusal => ruleOf(action).subject?.(actor, subject);

const refusalOf = <A extends Action>(actor: Actor, action: A, subject: Actions[A]): Refusal =>
  actorRefusal(actor, action) ?? subjectRefusal(actor, action, subject);

/** Whether the actor may do the action to the subject. */
export const can = <A extends Action>(actor: Actor, action: A, subject: Actions[A]): boolean => refusalOf(actor, action, subject) === undefined;

/** Throws the refusal (401 signed out, 403 or 404 with the rule's message) unless the actor may. */
export function authorize<A extends Action>(actor: Actor, action: A, subject: Actions[A]): void {
  const refusal = refusalOf(actor, action, subject);
  if (refusal) throw refusal;
}

// The actor checks most rules start from.
export const signedIn = (actor: Actor): Refusal => (actor ? undefined : unauthorized());
export const adminOnly = (actor: Actor): Refusal => signedIn(actor) ?? (actor!.role === 'admin' ? undefined : forbidden(messages.adminOnly));
export const isAdmin = (actor: Actor): boolean => actor?.role === 'admin';
/**
 * Whether the actor directs the event: its organiser, or an admin. The one place this rule is written; each policy
 * says what it means for its action (an organiser or admin who plays in the event is a player meanwhile: decision 057).
 */
export const isOrganiserOrAdmin = (actor: Pick<UserRow, 'id' | 'role'> | null, event: { organiserId: string }): boolean =>
  actor !== null && (actor.role === 'admin' || event.organiserId === actor.id);
/** Signed in with a verified email address; an unverified account is refused with `message` (403). */
export const verifiedUser =
  (message: string) =>
  (actor: Actor): Refusal =>
    signedIn(actor) ?? (actor!.emailVerified ? undefined : forbidden(message));

/** How a route finds its subject from its validated request (params, query or body). */
export type SubjectLoader<S> = (request: FastifyRequest) => Promise<S> | S;

/** A route's policy: its action, how it finds the subject, and the typed way its handler reads the subject. */
export interface RoutePolicy<A extends Action = Action> {
  readonly action: A;
  readonly load?: SubjectLoader<Actions[A]>;
  /** The subject the policy looked up for this request, so the handler does not look it up twice. */
  subject(request: FastifyRequest): Actions[A];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', or a policy made by `policy(action, load)`; every /api and /ws route says. */
    policy?: 'public' | RoutePolicy;
  }
  interface FastifyRequest {
    /** The subject the route's policy looked up and allowed; read it through the policy's `subject(request)`. */
    policySubject: unknown;
  }
}

/** A route's policy for an action the actor alone decides. */
export function policy<A extends Action>(action: A): RoutePolicy<A>;
/** A route's policy for an action on a subject, looked up after the input is validated. */
export function policy<A extends Action>(action: A, load: SubjectLoader<Actions[A]>): RoutePolicy<A>;
export function policy<A extends Action>(action: A, load?: SubjectLoader<Actions[A]>): RoutePolicy<A> {
  return { action, load, subject: (request) => request.policySubject as Actions[A] };
}

/** The rule declared for the action, if any (the route plugin refuses a route whose action has none). */
export const declaredRule = (action: Action): Rule<unknown> | undefined => rules.get(action) as Rule<unknown> | undefined;
