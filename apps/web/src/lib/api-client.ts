import { messages, resultOf, resultSchemaOf, urlOf, type CallInput, type Endpoint, type ResultOf } from '@bridge/api';
import { z } from 'zod';

export type ApiIssue = { path: string; message: string };

/** Any failed call: `message` is the sentence to show the user. Status 0 means no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(init: { status: number; code: string; message: string; issues?: ApiIssue[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The text to show for any error, following the catalogue: error field, else message, else 'Operation failed'. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || messages.operationFailed;
  return messages.operationFailed;
}

type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Schema of `result`; the answer is parsed with it so a drifting server is noticed here. */
  schema: S;
  /**
   * false: the answer has no `{ result }` envelope and `schema` describes the whole body. Two endpoints answer
   * so for now (the relay credentials `{ iceServers }` and the downloads summary `{ results }`).
   */
  envelope?: false;
};

const codeForStatus = (status: number): string => {
  if (status === 400) return 'validation_failed';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  return 'internal_error';
};

const readString = (value: unknown, key: string): string | undefined => {
  if (value && typeof value === 'object' && key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'string' && field.trim()) return field;
  }
  return undefined;
};

const readIssues = (value: unknown): ApiIssue[] | undefined => {
  if (value && typeof value === 'object' && 'issues' in value) {
    const issues = value.issues;
    if (Array.isArray(issues)) {
      return issues.filter((issue): issue is ApiIssue => !!issue && typeof issue.path === 'string' && typeof issue.message === 'string');
    }
  }
  return undefined;
};

function buildUrl(path: string, query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The one HTTP client of the app. Calls the API with the session cookie, sends and reads JSON, and returns the
 * parsed `result` (or, with `envelope: false`, the parsed body). The features call it through apiCall, by an
 * endpoint's declaration.
 * Throws ApiError for every failure, including no connection and an answer that does not match the schema.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (method !== 'GET' && method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'network_error', message: messages.noConnection });
  }

  const text = await response.text().catch(() => '');
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }

  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: readString(payload, 'code') ?? codeForStatus(response.status),
      message: readString(payload, 'error') ?? readString(payload, 'message') ?? messages.operationFailed,
      issues: readIssues(payload),
    });
  }

  if (options.envelope === false) {
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError({ status: response.status, code: 'invalid_response', message: messages.operationFailed });
    return parsed.data;
  }
  const parsed = resultOf(options.schema).safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'invalid_response', message: messages.operationFailed });
  }
  return (parsed.data as { result: z.infer<S> }).result;
}

type CallOptions<E extends Endpoint> = CallInput<E> & { signal?: AbortSignal };

/**
 * Calls a declared endpoint (packages/api): its method, path, envelope and answer schema come from the
 * declaration, the parameters, query and body from the caller. Fails as apiRequest does.
 */
export async function apiCall<E extends Endpoint>(
  declared: E,
  ...[options]: {} extends CallInput<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<ResultOf<E>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  if (declared.answer !== 'json' && declared.answer !== 'empty')
    throw new Error(`${declared.method} ${declared.path} is not answered with JSON: link to it`);
  const schema = resultSchemaOf(declared);
  return apiRequest(urlOf(declared, params, query), {
    method: declared.method,
    body,
    signal,
    // A 204 (or an answer the declaration does not describe) is read as whatever came.
    schema: (schema ?? z.unknown()) as z.ZodType<ResultOf<E>>,
    ...(declared.envelope === 'bare' || !schema ? { envelope: false as const } : {}),
  });
}
