import {
  CheckMovementBody,
  CheckMovementResponse,
  ClockBody,
  ClockResponse,
  CreateSessionBody,
  CreateSessionResponse,
  DirectedEventsResponse,
  DirectKeyParams,
  EntriesResponse,
  LiveViewResponse,
  NotPlayedBody,
  NotPlayedResponse,
  PlayerSearchQuery,
  PlayerSearchResponse,
  ProposalsQuery,
  ProposalsResponse,
  RoundResponse,
  SetEntriesBody,
} from '../directing.ts';
import { endpoint } from '../endpoint.ts';

const D = '/api/v1/direct';

/**
 * The director's console: a verified user's own events (every event for an admin). A director corrects a result or
 * gives an adjusted score with the organiser's `POST /tournaments/{key}/results`, and completes the event with
 * `POST /tournaments/{key}/complete`.
 */
export const directing = {
  events: endpoint({ method: 'GET', path: `${D}/events`, response: DirectedEventsResponse }),
  proposals: endpoint({ method: 'GET', path: `${D}/proposals`, query: ProposalsQuery, response: ProposalsResponse }),
  checkMovement: endpoint({ method: 'POST', path: `${D}/movements/check`, body: CheckMovementBody, response: CheckMovementResponse }),
  create: endpoint({ method: 'POST', path: `${D}/events`, body: CreateSessionBody, response: CreateSessionResponse }),
  players: endpoint({ method: 'GET', path: `${D}/players`, query: PlayerSearchQuery, response: PlayerSearchResponse }),
  entries: endpoint({ method: 'GET', path: `${D}/events/:key/entries`, params: DirectKeyParams, response: EntriesResponse }),
  setEntries: endpoint({ method: 'PUT', path: `${D}/events/:key/entries`, params: DirectKeyParams, body: SetEntriesBody, response: EntriesResponse }),
  live: endpoint({ method: 'GET', path: `${D}/events/:key`, params: DirectKeyParams, response: LiveViewResponse }),
  /** Server-Sent Events: `change` each time the live view changes; the page reads the view again. */
  stream: endpoint({ method: 'GET', path: `${D}/events/:key/stream`, params: DirectKeyParams, answer: 'file' }),
  start: endpoint({ method: 'POST', path: `${D}/events/:key/start`, params: DirectKeyParams, response: RoundResponse }),
  clock: endpoint({ method: 'POST', path: `${D}/events/:key/clock`, params: DirectKeyParams, body: ClockBody, response: ClockResponse }),
  nextRound: endpoint({ method: 'POST', path: `${D}/events/:key/next-round`, params: DirectKeyParams, response: RoundResponse }),
  notPlayed: endpoint({
    method: 'POST',
    path: `${D}/events/:key/not-played`,
    params: DirectKeyParams,
    body: NotPlayedBody,
    response: NotPlayedResponse,
  }),
  /** The table cards: for each table its rounds' pairs and boards, its QR code and code. */
  tableCards: endpoint({ method: 'GET', path: `${D}/events/:key/table-cards.pdf`, params: DirectKeyParams, answer: 'file' }),
  /** The pair guide cards: "Round 1: table 3 NS, boards 5-8; round 2: ...". */
  pairGuides: endpoint({ method: 'GET', path: `${D}/events/:key/pair-guides.pdf`, params: DirectKeyParams, answer: 'file' }),
};
