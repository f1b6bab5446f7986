import { listEndpoints } from '@bridge/api';

/**
 * The sockets in the API description: the WebSocket plugin hides its routes from it (they answer no JSON), so each
 * declared socket is added as the upgrade it is, with its declaration's description of the messages.
 */
export function withSocketPaths<T extends { paths?: object }>(document: T): T {
  const paths: Record<string, unknown> = { ...document.paths };
  for (const { name, endpoint } of listEndpoints()) {
    if (endpoint.answer !== 'websocket') continue;
    paths[endpoint.path] = {
      get: {
        operationId: name,
        summary: `WebSocket: ${name}`,
        description: endpoint.description ?? 'A WebSocket upgrade.',
        responses: {
          101: { description: 'Switching protocols: the socket is open' },
          401: { description: 'Not signed in' },
          403: { description: 'Refused: the upgrade came from another site' },
        },
      },
    };
  }
  return { ...document, paths };
}
