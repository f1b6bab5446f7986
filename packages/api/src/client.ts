import type { z } from 'zod';
import { urlOf, type CallInput, type Endpoint, type ResultOf } from './endpoint.ts';

// A typed client for Node (e2e, benches, the demo script): the global fetch and the declarations, nothing else.
// The package's lib is plain ES2023, so the few parts of fetch it uses are described here.

interface FetchHeaders {
  get(name: string): string | null;
  getSetCookie?(): string[];
}
interface FetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: FetchHeaders;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; redirect?: 'manual' },
) => Promise<FetchResponse>;

/** A call the server refused (or answered with something the declaration does not describe). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    /** The API's error code (`validation_failed`, `forbidden`...), or `unexpected_answer`. */
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** A file answer: its type and name as sent, and the bytes to read once. */
export interface FileAnswer {
  readonly status: number;
  readonly contentType: string | null;
  readonly contentDisposition: string | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ClientOptions {
  /** `http://127.0.0.1:3000`: the server's origin, paths come from the declarations. */
  baseUrl: string;
  /** A `Cookie` header to start with (a session signed in elsewhere). */
  cookie?: string;
  /** Headers for every call, or a function giving them per call (a made-up client address, say). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** The global fetch unless given. */
  fetch?: FetchLike;
}

export type CallResult<E extends Endpoint> = E['answer'] extends 'file' ? FileAnswer : ResultOf<E>;

export interface ApiClient {
  /** The cookies the server set (the session), as a `Cookie` header; '' before any. */
  readonly cookie: string;
  /**
   * Calls a declared endpoint: path, method and envelope from the declaration, the answer parsed with its schema.
   * Throws ApiCallError for any answer but 2xx.
   */
  call<E extends Endpoint>(declared: E, ...input: {} extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]): Promise<CallResult<E>>;
}

/** Keeps `name=value` of each Set-Cookie, and forgets a cookie the server clears. */
function rememberCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const cleared = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
      return false;
    });
    if (cleared || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A client of the platform's API for scripts and tests: `createClient({ baseUrl }).call(endpoints.users.login, { body })`. */
export function createClient(options: ClientOptions): ApiClient {
  const fetcher = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;
  const jar = new Map<string, string>();
  if (options.cookie) rememberCookies(jar, options.cookie.split(/;\s*/));
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async function call(declared: Endpoint, input: { params?: unknown; query?: unknown; body?: unknown } = {}): Promise<unknown> {
    const url = urlOf(declared, input.params as Record<string, unknown>, input.query as Record<string, unknown>);
    const extra = typeof options.headers === 'function' ? options.headers() : options.headers;
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    const cookie = cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const response = await fetcher(options.baseUrl.replace(/\/$/, '') + url, { method: declared.method, headers, body, redirect: 'manual' });
    rememberCookies(jar, response.headers.getSetCookie?.() ?? []);

    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const answer = parseJson(text) as { error?: unknown; code?: unknown; issues?: { path: string; message: string }[] } | undefined;
      const message =
        typeof answer?.error === 'string' ? answer.error : `${declared.method} ${url} answered ${response.status}: ${text.slice(0, 300)}`;
      throw new ApiCallError(response.status, typeof answer?.code === 'string' ? answer.code : 'http_error', message, answer?.issues);
    }
    if (declared.answer === 'file') {
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        contentDisposition: response.headers.get('content-disposition'),
        text: () => response.text(),
        arrayBuffer: () => response.arrayBuffer(),
      } satisfies FileAnswer;
    }
    const text = await response.text();
    if (declared.answer !== 'json') return undefined;
    const answer = parseJson(text);
    const schema: z.ZodType | undefined = declared.response;
    const parsed = schema ? schema.safeParse(answer) : { success: true as const, data: answer };
    if (!parsed.success) {
      throw new ApiCallError(
        response.status,
        'unexpected_answer',
        `${declared.method} ${url}: the answer does not match its declaration: ${parsed.error.message.slice(0, 300)}`,
      );
    }
    return declared.envelope === 'result' ? (parsed.data as { result: unknown }).result : parsed.data;
  }

  return {
    get cookie() {
      return cookieHeader();
    },
    call: call as ApiClient['call'],
  };
}
