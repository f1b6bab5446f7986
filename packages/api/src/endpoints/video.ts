import { endpoint } from '../endpoint.ts';
import { IceServersBody, IceServersResponse } from '../video.ts';

/** Video rooms: relay credentials and the signalling socket. */
export const video = {
  /**
   * `{ iceServers }`, bare: the shape of RTCConfiguration, which the call hands to RTCPeerConnection as it is
   * (and the apps read it so); decision 045.
   */
  iceServers: endpoint({ method: 'POST', path: '/api/v1/video/ice-servers', body: IceServersBody, response: IceServersResponse, envelope: 'bare' }),
  /** The signalling socket: same origin and signed in; its messages are VideoClientMessage / VideoServerMessage. */
  socket: endpoint({ method: 'GET', path: '/ws/video', answer: 'websocket' }),
};
