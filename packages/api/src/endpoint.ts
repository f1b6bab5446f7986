import type { z } from 'zod';

/**
 * One HTTP endpoint of the platform, declared once: the server's route, the web client and the Node client all
 * read method, path and schemas from here (decision 045).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a successful answer is:
 * - `json`: a JSON document, described by `response`;
 * - `empty`: 204 without a body;
 * - `file`: bytes to save or show (a download, an export, the PBN or USEBIO file, the sitemap);
 * - `websocket`: an upgrade to a socket, not a request/answer.
 */
export type Answer = 'json' | 'empty' | 'file' | 'websocket';

/**
 * How a JSON answer wraps its data: `result` is the `{ result }` envelope every answer uses; `bare` marks the few
 * historical shapes that must stay as they are (each says why in its declaration).
 */
export type Envelope = 'result' | 'bare';

export interface EndpointSpec {
  readonly method: Method;
  /** The full path in Fastify's syntax, `:name` for a parameter: `/api/v1/tournaments/:key/results`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The body, validated by the server against this schema. */
  readonly body?: z.ZodType;
  /**
   * A body the route reads itself, without a schema (the PBN import takes the file as text or as JSON): clients
   * are typed by it, the server's schema leaves it out.
   */
  readonly rawBody?: z.ZodType;
  /** The 200 answer as sent, envelope included. */
  readonly response?: z.ZodType;
  readonly envelope?: Envelope;
  readonly answer?: Answer;
  /** What /api/docs says of the call beyond its schemas (a socket's messages, say). */
  readonly description?: string;
}

/** A declared field's type, or the default when the declaration leaves it out. */
type Declared<S, K extends string, Default> = S extends { readonly [key in K]: infer T }
  ? [T] extends [undefined]
    ? Default
    : Exclude<T, undefined>
  : Default;

/** A declaration as `endpoint()` returns it: the envelope and the kind of answer always set. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = EndpointSpec extends S
  ? EndpointSpec & { readonly envelope: Envelope; readonly answer: Answer }
  : S & { readonly envelope: Declared<S, 'envelope', 'result'>; readonly answer: Declared<S, 'answer', 'json'> };

/** Declares an endpoint; a JSON answer in the `{ result }` envelope unless it says otherwise. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  const declared = { envelope: 'result', answer: 'json', ...spec } as Endpoint<S>;
  if (
    declared.answer === 'json' &&
    declared.envelope === 'result' &&
    declared.response &&
    !('shape' in declared.response && 'result' in (declared.response.shape as object))
  ) {
    throw new Error(`${spec.method} ${spec.path}: an answer in the { result } envelope needs a response schema with a result`);
  }
  return declared;
}

type Schema<S, K extends string> = S extends { readonly [key in K]: infer T extends z.ZodType } ? T : undefined;

/** A part the caller may leave out when every field of its input is optional (a query of defaults). */
type Part<K extends string, T> = {} extends T ? { [key in K]?: T } : { [key in K]: T };

/** The parameters a call takes, typed from the declaration (what the caller sends: the schemas' input). */
export type CallInput<E extends EndpointSpec> = (Schema<E, 'params'> extends z.ZodType
  ? { params: z.input<Schema<E, 'params'>> }
  : { params?: undefined }) &
  (Schema<E, 'query'> extends z.ZodType ? Part<'query', z.input<Schema<E, 'query'>>> : { query?: undefined }) &
  (Schema<E, 'body'> extends z.ZodType
    ? Part<'body', z.input<Schema<E, 'body'>>>
    : Schema<E, 'rawBody'> extends z.ZodType
      ? { body: z.input<Schema<E, 'rawBody'>> }
      : { body?: undefined });

/** The whole 200 answer of a JSON endpoint, as parsed. */
export type AnswerOf<E extends EndpointSpec> = Schema<E, 'response'> extends z.ZodType ? z.output<Schema<E, 'response'>> : unknown;

/** What a call gives back: the `result` of an enveloped answer, the whole answer of a bare one, nothing for 204. */
export type ResultOf<E extends Endpoint> = E['answer'] extends 'json'
  ? E['envelope'] extends 'result'
    ? AnswerOf<E> extends { result: infer R }
      ? R
      : unknown
    : AnswerOf<E>
  : E['answer'] extends 'empty'
    ? undefined
    : unknown;

/** The schema of what a call gives back (the inner `result` schema of an enveloped answer), if declared. */
export function resultSchemaOf(declared: Endpoint): z.ZodType | undefined {
  if (declared.answer !== 'json' || !declared.response) return undefined;
  if (declared.envelope === 'bare') return declared.response;
  return (declared.response as unknown as { shape: { result: z.ZodType } }).shape.result;
}

type RouteSchema<E extends EndpointSpec> = (Schema<E, 'params'> extends z.ZodType ? { params: Schema<E, 'params'> } : unknown) &
  (Schema<E, 'query'> extends z.ZodType ? { querystring: Schema<E, 'query'> } : unknown) &
  (Schema<E, 'body'> extends z.ZodType ? { body: Schema<E, 'body'> } : unknown) &
  (Schema<E, 'response'> extends z.ZodType ? { response: { 200: Schema<E, 'response'> } } : unknown);

/**
 * The route schema Fastify's zod type provider takes: `{ params, querystring, body, response: { 200 } }`, each
 * only when declared. A `rawBody` stays out: its route reads the body itself.
 */
export function schemaOf<E extends EndpointSpec>(declared: E): RouteSchema<E> {
  const schema: Record<string, unknown> = {};
  if (declared.params) schema.params = declared.params;
  if (declared.query) schema.querystring = declared.query;
  if (declared.body) schema.body = declared.body;
  if (declared.response) schema.response = { 200: declared.response };
  if (declared.description) schema.description = declared.description;
  return schema as RouteSchema<E>;
}

/**
 * The path relative to the prefix a route plugin is registered under: `pathUnder('/api/v1', endpoint)` is
 * `/tournaments/:key/results` for `/api/v1/tournaments/:key/results`.
 */
export function pathUnder(prefix: string, declared: EndpointSpec): string {
  if (!declared.path.startsWith(prefix + '/')) throw new Error(`${declared.method} ${declared.path} is not under ${prefix}`);
  return declared.path.slice(prefix.length);
}

/**
 * The address of a call: the path's parameters filled in (encoded) and the query appended; a query value that is
 * undefined is left out.
 */
export function urlOf(declared: EndpointSpec, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = declared.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${declared.method} ${declared.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
