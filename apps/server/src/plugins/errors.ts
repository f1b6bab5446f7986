import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, messages } from '@bridge/api';
import { AppError } from '../lib/errors.ts';

// The database cannot be reached or is not there: these answer 503, as health does, never 500 (decision 020).
// Network errors of the driver (refused, unknown host, timeout, reset).
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATEs: 3D000 no such database (renamed or dropped), 53300 too many connections, 57P01-57P04 shutdown,
// crash, cannot connect now, database dropped. Class 08 (connection exceptions) is matched whole below.
const sqlStates = new Set(['3D000', '53300', '57P01', '57P02', '57P03', '57P04']);
// 55000 (object not in prerequisite state) is also a sequence read too early or a feature turned off: only the
// database refusing connections (`allow_connections` false) is an outage.
const notAcceptingConnections = /is not currently accepting connections/i;
// node-postgres losing a connection, and PGlite closed (by us or after it broke) or the dialect left without it.
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|PGlite is closed|PGLite not initialized|PGlite is not ready/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (networkCodes.has(code) || sqlStates.has(code)) return true;
    if (code === '55000' && typeof message === 'string' && notAcceptingConnections.test(message)) return true;
    // 08P01 (protocol violation) is a malformed request, not an outage.
    if (code.startsWith('08') && code.length === 5 && code !== '08P01') return true;
  }
  if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  // PGlite is the server's only WebAssembly: a trap inside it leaves the embedded database unusable.
  if (error instanceof Error && error.name === 'RuntimeError') return true;
  // A refused connection to a name with several addresses comes as an AggregateError; wrapped errors as a cause.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The one place that turns errors into answers; unknown errors are logged and hidden. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code, issues: error.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid request', code: ErrorCode.validationFailed, issues });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ error: messages.serviceUnavailable, code: ErrorCode.serviceUnavailable });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: error.message, code: ErrorCode.rateLimited });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      return reply.status(error.statusCode).send({ error: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: messages.operationFailed, code: ErrorCode.internalError });
  });
});
