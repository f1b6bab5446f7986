import { endpoint } from '../endpoint.ts';
import { KeyParams } from '../tournaments.ts';
import { PlayBoardParams, PlayBoardReviewResponse, PlayMyTableResponse } from '../play.ts';

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
      '{type:"callDirector"} (a player at the table; one call open at a table at a time);',
      'director only: {type:"ruling",tricks} (on the last disputed claim, while the board is in play),',
      '{type:"robot",seat,robot}, {type:"directorHere"} (answers the call and clears the disputed-claim flag).',
      'Server, after every change to every socket at the table: {type:"table",state} with key, table, round, board,',
      "dealer, vulnerability, seat, hands (only those this socket may see: a kibitzer dummy's after the opening lead",
      "and never another, even at the board's end), auction, turn, contract, declarer, trick, lastTrick, tricks,",
      "result, claim (the claimer's hand is in hands while it is open), disputed (a rejected claim: withdrawn, play",
      'goes on), undo, players, boards, roundOver, directorCall ({seat,at} or null);',
      'or {type:"error",message}, which changed nothing.',
    ].join(' '),
  }),
  /** Where the caller sits now: the table page `/play/{key}` opens at it. */
  myTable: endpoint({
    method: 'GET',
    path: '/api/v1/play/:key/table',
    params: KeyParams,
    response: PlayMyTableResponse,
    description: [
      'The table the movement puts the caller at in the current round of an active table event (signed in): { table, channel },',
      "channel the table's video room. Both null for a caller with no seat there this round: a kibitzer, the director,",
      'a pair sitting out, a player-based event, an event not active. 404 for an unknown event.',
    ].join(' '),
  }),
  /** A board of an online event for review: its traveller and deal, each only where the caller may see it. */
  board: endpoint({
    method: 'GET',
    path: '/api/v1/play/:key/boards/:board',
    params: PlayBoardParams,
    response: PlayBoardReviewResponse,
    description: [
      'A board of an online event for review beside the table (signed in): { board, lines, deal }.',
      'lines: the traveller so far (as the table phones have it); deal: the four hands { N, E, S, W } as cards (SA, HT), or null.',
      'The director (the organiser, an admin) sees both always. A player of the event sees them once their own table has',
      'finished the board (lines only where the event shows travellers). A kibitzer, where the event allows kibitzers,',
      'sees them once every table that plays the board in the movement has finished it (lines again only where the event',
      'shows travellers). Otherwise deal is null and lines is empty. 404 for an unknown event; 400 for an event not played online.',
    ].join(' '),
  }),
};
