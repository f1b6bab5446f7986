import { endpoint } from '../endpoint.ts';

/** Online play. */
export const play = {
  /**
   * The table socket: same origin and signed in; its messages are PlayClientMessage / PlayServerMessage
   * (docs/play-protocol.md).
   */
  socket: endpoint({ method: 'GET', path: '/ws/play', answer: 'websocket' }),
};
