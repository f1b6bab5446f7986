import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';

/**
 * The web tests' one network (set up in setup.ts): each test adds the answers it needs with `server.use(...)`, and a
 * request that no handler answers fails the test (msw prints it as an error, which the console guard fails on).
 */
export const server = setupServer();

/** A request as the page made it: `url` is the path and query it asked for, `body` its JSON (or text) once read. */
export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
  request: Request;
}

const readBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Every request the page makes from now to the end of the test, in order, whichever handler answers it. */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = { method: request.method, url: url.pathname + url.search, body: undefined, request };
    seen.push(entry);
    // The body is read before the handler answers (a few microtasks against the handler's many).
    void request
      .clone()
      .text()
      .then((text) => (entry.body = readBody(text)));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return seen;
}

/**
 * The answer of a handler that serves many addresses to one it has nothing for: the request fails and the test with
 * it (through the console guard). A resolver that returns nothing would let the request through to the real network.
 */
export function unexpected(request: Request): Response {
  const url = new URL(request.url);
  console.error(`No answer in this test for ${request.method} ${url.pathname}${url.search}`);
  return HttpResponse.error();
}
