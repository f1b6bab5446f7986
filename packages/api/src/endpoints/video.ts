import { endpoint } from '../endpoint.ts';
import { IceServersBody, IceServersResponse, MyVideoTablesResponse } from '../video.ts';

/** Video rooms: relay credentials and the signalling socket. */
export const video = {
  /**
   * `{ iceServers }`, bare: the shape of RTCConfiguration, which the call hands to RTCPeerConnection as it is
   * (and the apps read it so); decision 045.
   */
  iceServers: endpoint({ method: 'POST', path: '/api/v1/video/ice-servers', body: IceServersBody, response: IceServersResponse, envelope: 'bare' }),
  /** The caller's events in play, each with the room of the table the movement puts them at now. */
  tables: endpoint({ method: 'GET', path: '/api/v1/video/tables', response: MyVideoTablesResponse }),
  /** The signalling socket: same origin and signed in; its messages are VideoClientMessage / VideoServerMessage. */
  socket: endpoint({
    method: 'GET',
    path: '/ws/video',
    answer: 'websocket',
    description:
      'The video signalling socket: signed in, same origin. Messages {type, channelName, userUid, body}: join, start, peerDetails, send_offer, send_answer, ice_candidate, disconnect; the server answers joined, alreadyJoined, start_call, peerDetails, offer_sdp_recieved, answer_sdp_recieved, ice_candidate, disconnected, error.',
  }),
};
