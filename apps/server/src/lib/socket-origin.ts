import type { FastifyRequest } from 'fastify';
import { messages } from '@bridge/api';
import { forbidden } from './errors.ts';

/**
 * A page of another site must not open a socket with the visitor's cookie (cross-site WebSocket hijacking):
 * browsers always send Origin on a WebSocket handshake. An `onRequest` hook for socket routes, so it runs before
 * the policy's session check.
 */
export function sameOriginSocket(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) throw forbidden(messages.crossSiteRefused);
  };
}
