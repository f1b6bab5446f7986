import { eventEndpoints, seatNameOfSide, urlOf, type AdminParticipant, type ScoreData, type UserData } from '@bridge/api';
import type { ExportFormat } from '../../components/export-menu';

/** The decoded `details` / `gameDetails` JSON string of an event (specification section 3). */
export type EventDetails = {
  type?: number;
  typeName?: string;
  players?: number;
  rounds?: number;
  movementType?: string;
  scoreType?: string;
  handgeneratedModeAsString?: string;
  liveTableEvent?: boolean;
  kibtzersEnabled?: boolean;
};

/** One event as the lists and the preview show it, whatever endpoint it came from. */
export type EventRow = {
  key: string;
  organiser: UserData;
  tables: number;
  details: EventDetails;
  createdAt: string;
  completedAt?: string | null;
  resultId?: string | null;
  xmlToken?: string | null;
  /** Past events only: the board results by round, board and table. */
  scoreData?: ScoreData;
};

export type EventParticipant = AdminParticipant;

/** The chips of the past-events list, as the API's filter parameters. */
export type EventChip = 'all' | 'imp' | 'matchPoint' | 'mitchell' | 'howell' | 'liveTable' | 'kibitzers' | 'hybrid';

export const eventChips: { value: EventChip; label: string; params: Record<string, string> }[] = [
  { value: 'all', label: 'All', params: {} },
  { value: 'imp', label: 'IMP', params: { scoreType: 'IMP' } },
  { value: 'matchPoint', label: 'Match Point', params: { scoreType: 'Match Point' } },
  { value: 'mitchell', label: 'Mitchell Movement', params: { movementType: 'Mitchell' } },
  { value: 'howell', label: 'Howell Movement', params: { movementType: 'Howell' } },
  { value: 'liveTable', label: 'Live Table (Scorer Event)', params: { liveTable: 'true' } },
  { value: 'kibitzers', label: 'Kibitzers Allowed', params: { kibitzers: 'true' } },
  { value: 'hybrid', label: 'Hybrid Event', params: { hybrid: 'true' } },
];

/** What a list asks for: page size, cursor or page, search text and the chip's parameters. */
export type EventListParams = {
  limit: number;
  page: number;
  lastDocId?: string;
  query?: string;
  filters: Record<string, string>;
};

export type EventPage = { data: EventRow[]; lastDocId: string | null };

export type ParticipantFilter = { query?: string; startDate?: string; endDate?: string };

/**
 * Where an events screen gets its data: the admin console passes the admin API, the user console its own.
 * Optional members switch features on (export, delete).
 */
export type EventsAdapter = {
  /** Query-key prefix for this source, e.g. ['admin', 'past-events']. */
  queryKey: readonly unknown[];
  list: (params: EventListParams, signal?: AbortSignal) => Promise<EventPage>;
  /** One event by its key (null when there is none). */
  find: (key: string, signal?: AbortSignal) => Promise<EventRow | null>;
  participants: (key: string, filter: ParticipantFilter, signal?: AbortSignal) => Promise<EventParticipant[]>;
  /** Export address of the list for its current search and filters. */
  exportHref?: (format: ExportFormat, params: Omit<EventListParams, 'limit' | 'page' | 'lastDocId'>) => string;
  participantsExportHref?: (key: string, format: ExportFormat, filter: ParticipantFilter) => string;
  /** Deletes an event with its score, replay and participant data; answers the message to show. */
  deleteEvent?: (key: string) => Promise<string>;
};

/** Reads an event's details JSON; a broken string gives no details rather than a broken screen. */
export function parseDetails(json: string | null | undefined): EventDetails {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** The results site of an event (ours), and its XML results file when it has one. */
export const resultsHref = (key: string) => `/results/${encodeURIComponent(key)}`;
export const xmlHref = (xmlToken: string) => urlOf(eventEndpoints.usebioFile, { xmlToken });

/** Player side codes: 0 North, 1 East, 2 South, 3 West, -1 blank, anything else Kibitzer. */
export const sideText = (side: number): string => (side === -1 ? '-' : (seatNameOfSide(side) ?? 'Kibitzer'));

export const tablesText = (tables: number): string => `${tables} table(s)`;
export const yesNo = (value: boolean | undefined): string => (value ? 'Yes' : 'No');

/** How to reach a person (an event's organiser, a participant), as the previews list it. */
export const contactItems = (person: UserData) => [
  { label: 'Name', value: person.names },
  { label: 'Email', value: person.email },
  { label: 'Contact', value: person.contact },
];
