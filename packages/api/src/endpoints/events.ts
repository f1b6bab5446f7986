import {
  DeleteEventResponse,
  EventKeyQuery,
  ListActiveEventsResponse,
  ListEventsQuery,
  ListParticipantsResponse,
  ListPastEventsResponse,
  MyEventResponse,
  MyEventsQuery,
  ParticipantFilters,
  SearchEventsQuery,
  SearchEventsResponse,
} from '../admin.ts';
import { endpoint } from '../endpoint.ts';
import {
  AddParticipantsBody,
  AddParticipantsResponse,
  BoardParams,
  CompleteTournamentResponse,
  CreateTournamentBody,
  CreateTournamentResponse,
  EventResultsResponse,
  ImportDealsBody,
  ImportDealsResponse,
  KeyParams,
  MyHistoryResponse,
  MyPairsResponse,
  PostResultBody,
  PostResultResponse,
  RecentEventsResponse,
  SetBoardBody,
  SetBoardResponse,
  TournamentJoinResponse,
  TournamentKeyQuery,
  XmlTokenParams,
} from '../tournaments.ts';

const T = '/api/v1/tournaments';
const ADMIN = '/api/admin/v1';

/** Events: the organiser's API (the Organizer app), the results pages, the user console and the admin's lists. */
export const events = {
  // The organiser (a signed-in user whose address is verified).
  create: endpoint({ method: 'POST', path: T, body: CreateTournamentBody, response: CreateTournamentResponse }),
  /** The join record an app reads by the event's key (specification section 3). */
  join: endpoint({ method: 'GET', path: T, query: TournamentKeyQuery, response: TournamentJoinResponse }),
  addParticipants: endpoint({
    method: 'POST',
    path: `${T}/:key/participants`,
    params: KeyParams,
    body: AddParticipantsBody,
    response: AddParticipantsResponse,
  }),
  setBoard: endpoint({ method: 'PUT', path: `${T}/:key/boards/:board`, params: BoardParams, body: SetBoardBody, response: SetBoardResponse }),
  importDeals: endpoint({ method: 'POST', path: `${T}/:key/import`, params: KeyParams, rawBody: ImportDealsBody, response: ImportDealsResponse }),
  postResult: endpoint({ method: 'POST', path: `${T}/:key/results`, params: KeyParams, body: PostResultBody, response: PostResultResponse }),
  complete: endpoint({ method: 'POST', path: `${T}/:key/complete`, params: KeyParams, response: CompleteTournamentResponse }),

  // Public: the list of /tournaments, an event's results and its files.
  recent: endpoint({ method: 'GET', path: `${T}/recent`, response: RecentEventsResponse }),
  results: endpoint({ method: 'GET', path: `${T}/:key/results`, params: KeyParams, response: EventResultsResponse }),
  /** The PBN file of the event's deals and results. */
  pbnFile: endpoint({ method: 'GET', path: `${T}/:key/pbn`, params: KeyParams, answer: 'file' }),
  /** The hand records as clubs print them: a PDF of six boards to an A4 page, with the double-dummy grid and par. */
  handRecordsPdf: endpoint({ method: 'GET', path: `${T}/:key/hand-records.pdf`, params: KeyParams, answer: 'file' }),
  /** The USEBIO XML file of a completed event, by the token its completion gave. */
  usebioFile: endpoint({ method: 'GET', path: `${T}/files/download/:xmlToken`, params: XmlTokenParams, answer: 'file' }),

  // The user console: the caller's own events.
  mine: endpoint({ method: 'GET', path: `${T}/mine`, query: MyEventsQuery, response: ListPastEventsResponse }),
  myHistory: endpoint({ method: 'GET', path: `${T}/mine/history`, response: MyHistoryResponse }),
  myPairs: endpoint({ method: 'GET', path: `${T}/mine/:key/pairs`, params: KeyParams, response: MyPairsResponse }),
  myEvent: endpoint({ method: 'GET', path: `${T}/mine/:key`, params: KeyParams, response: MyEventResponse }),

  // The admin console.
  adminActive: endpoint({ method: 'GET', path: `${ADMIN}/tournaments/active`, query: ListEventsQuery, response: ListActiveEventsResponse }),
  adminPast: endpoint({ method: 'GET', path: `${ADMIN}/tournaments/complete`, query: ListEventsQuery, response: ListPastEventsResponse }),
  adminSearch: endpoint({ method: 'GET', path: `${ADMIN}/tournaments/search`, query: SearchEventsQuery, response: SearchEventsResponse }),
  adminDelete: endpoint({ method: 'DELETE', path: `${ADMIN}/tournaments/complete/delete`, query: EventKeyQuery, response: DeleteEventResponse }),
  adminParticipants: endpoint({ method: 'GET', path: `${ADMIN}/participants/all`, query: ParticipantFilters, response: ListParticipantsResponse }),
};
