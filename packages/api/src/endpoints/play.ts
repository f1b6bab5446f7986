import { endpoint } from '../endpoint.ts';

/** Online play. */
export const play = {
  /**
   * The table socket: same origin and signed in; its messages are PlayClientMessage / PlayServerMessage
   * (docs/play-protocol.md).
   */
  socket: endpoint({
    method: 'GET',
    path: '/ws/play',
    answer: 'websocket',
    description: [
      'The online table socket (docs/play-protocol.md): signed in, same origin, 60 messages a burst then 10 a second.',
      'Client: {type:"sit",key,table}; {type:"call",call,alert?,explanation?} (1C..7NT, Pass, X, XX);',
      '{type:"play",card} (SA, HT, D2; declarer plays dummy\'s cards too); {type:"claim",tricks,statement?};',
      '{type:"claimResponse",accept}; {type:"undo"}; {type:"undoResponse",accept};',
      'director only: {type:"ruling",tricks}, {type:"robot",seat,robot}.',
      'Server, after every change to every socket at the table: {type:"table",state} with key, table, round, board,',
      'dealer, vulnerability, seat, hands (only those this seat may see), auction, turn, contract, declarer, trick,',
      'lastTrick, tricks, result, claim, undo, players, boards, roundOver; or {type:"error",message}, which changed nothing.',
    ].join(' '),
  }),
};
