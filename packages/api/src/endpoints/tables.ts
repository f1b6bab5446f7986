import { endpoint } from '../endpoint.ts';
import {
  ConfirmResultResponse,
  OpenTableBody,
  OpenTableResponse,
  RejectResultResponse,
  TableBoardParams,
  TableCodesResponse,
  TableParams,
  TableResultBody,
  TableResultResponse,
  TableStateResponse,
  TableTravellerResponse,
} from '../tables.ts';
import { KeyParams } from '../tournaments.ts';

const TABLE = '/api/v1/tables/:key/:table';

/** Scoring at the table: the organiser's list of codes, then everything a phone holding one table may do. */
export const tables = {
  codes: endpoint({ method: 'GET', path: '/api/v1/tournaments/:key/tables', params: KeyParams, response: TableCodesResponse }),
  open: endpoint({ method: 'POST', path: `${TABLE}/open`, params: TableParams, body: OpenTableBody, response: OpenTableResponse }),
  state: endpoint({ method: 'GET', path: TABLE, params: TableParams, response: TableStateResponse }),
  /** Server-Sent Events: `change` each time the table's state changes; two phones of a table stay alike. */
  stream: endpoint({ method: 'GET', path: `${TABLE}/stream`, params: TableParams, answer: 'file' }),
  enter: endpoint({ method: 'POST', path: `${TABLE}/results`, params: TableParams, body: TableResultBody, response: TableResultResponse }),
  confirm: endpoint({ method: 'POST', path: `${TABLE}/results/:board/confirm`, params: TableBoardParams, response: ConfirmResultResponse }),
  reject: endpoint({ method: 'POST', path: `${TABLE}/results/:board/reject`, params: TableBoardParams, response: RejectResultResponse }),
  traveller: endpoint({ method: 'GET', path: `${TABLE}/traveller/:board`, params: TableBoardParams, response: TableTravellerResponse }),
};
