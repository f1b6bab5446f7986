import { z } from 'zod';

/** The one error shape every API answer uses: `error` is the sentence a user may see. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Stable machine-readable error ids. */
export const ErrorCode = {
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  serviceUnavailable: 'service_unavailable',
  internalError: 'internal_error',
  invalidToken: 'invalid_token',
} as const;

/** Wraps a result schema in the `{ result }` envelope every successful answer uses. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });
