import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathUnder, schemaOf, type Endpoint } from '@bridge/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration in packages/api the route was registered from (set by `route`). */
    endpoint?: Endpoint;
  }
}

// `& FastifySchema`: a declaration with no schemas at all gives `unknown`, which Fastify's types do not take.
type SchemaOf<E extends Endpoint> = ReturnType<typeof schemaOf<E>> & FastifySchema;
/** A route's options with its handler, typed from the declared schemas; the schemas themselves come from `route`. */
type Typed<E extends Endpoint> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;
type Options<E extends Endpoint> = Omit<Typed<E>, 'schema' | 'handler'>;
type Handler<E extends Endpoint> = Typed<E>['handler'];

/**
 * Serves a declared endpoint: its method, its path under the plugin's prefix and its schemas come from the
 * declaration in packages/api (decision 045), the route adds its options (its policy above all) and its handler,
 * typed from the declared schemas.
 */
export function route<E extends Endpoint & { answer: 'websocket' }>(
  app: FastifyInstance,
  declared: E,
  options: Options<E> & { websocket: true },
  handler: WebsocketHandler,
): void;
export function route<E extends Endpoint>(app: FastifyInstance, declared: E, options: Options<E>, handler: Handler<E>): void;
export function route<E extends Endpoint>(app: FastifyInstance, declared: E, options: Options<E>, handler: Handler<E> | WebsocketHandler): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: declared.method,
    url: pathUnder(app.prefix, declared),
    schema: schemaOf(declared),
    config: { ...options.config, endpoint: declared },
    handler,
  } as never);
}
