import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DealAnalysis, DoubleDummyTricks } from '@bridge/api';
import type { Movement, TableAction } from '@bridge/engine';

/** Database tables as TypeScript sees them: snake_case in SQL, camelCase here (CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  emailTokens: EmailTokensTable;
  outbox: OutboxTable;
  auditLog: AuditLogTable;
  contactMessages: ContactMessagesTable;
  analyticsEvents: AnalyticsEventsTable;
  tournaments: TournamentsTable;
  participants: ParticipantsTable;
  boards: BoardsTable;
  boardResults: BoardResultsTable;
  pairScores: PairScoresTable;
  dealAnalyses: DealAnalysesTable;
  dealPars: DealParsTable;
  analysisQueue: AnalysisQueueTable;
  tableCodes: TableCodesTable;
  tableSessions: TableSessionsTable;
  tableEntries: TableEntriesTable;
  boardsNotPlayed: BoardsNotPlayedTable;
  playActions: PlayActionsTable;
  playSubstitutes: PlaySubstitutesTable;
  directorCalls: DirectorCallsTable;
  disputedClaims: DisputedClaimsTable;
  withdrawnEntries: WithdrawnEntriesTable;
}

export interface TournamentsTable {
  id: Generated<string>;
  key: string;
  organiserId: string;
  tables: number;
  boardsPerRound: number;
  type: number;
  typeName: string;
  players: number;
  rounds: number;
  movementType: 'Mitchell' | 'Howell';
  scoreType: 'Match Point' | 'IMP';
  impMethod: 'Cross' | 'Butler' | null;
  handMode: 'Random' | 'Imported' | 'Hybrid';
  liveTableEvent: boolean;
  kibitzersEnabled: boolean;
  status: Generated<'active' | 'complete'>;
  xmlToken: string | null;
  resultId: string | null;
  createdAt: CreatedAt;
  completedAt: Date | null;
  /** The engine's Movement chosen in the wizard or uploaded (JSON text in, parsed out); null: from movementType and tables. */
  movement: ColumnType<StoredMovement | null, string | null | undefined, string | null>;
  /** The movement's name as the director chose it ("Arrow-switch Mitchell", "Uploaded movement"). */
  movementName: ColumnType<string | null, string | null | undefined, string | null>;
  startsAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** numeric(4,1): read as a string by the drivers. */
  minutesPerBoard: ColumnType<string, number | string | undefined, number | string>;
  showTravellers: ColumnType<boolean, boolean | undefined, boolean>;
  /** Null while in preparation. */
  startedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  currentRound: ColumnType<number, number | undefined, number>;
  /** The round clock runs since this time; null when paused or not started. */
  roundStartedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The clock's time before its last pause. */
  roundElapsedMs: ColumnType<number, number | undefined, number>;
}
/** A movement as stored: the engine's Movement. */
export type StoredMovement = Movement;
export type TournamentRow = Selectable<TournamentsTable>;

export interface ParticipantsTable {
  id: Generated<string>;
  tournamentId: string;
  userId: string | null;
  names: string;
  email: string | null;
  tableNo: number;
  side: number;
  isBot: boolean;
  createdAt: CreatedAt;
  editedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BoardsTable {
  tournamentId: string;
  boardNo: number;
  deal: string | null;
  dealIndex: string | null;
  dealer: 'N' | 'E' | 'S' | 'W';
  vulnerability: 'None' | 'NS' | 'EW' | 'All';
  /** The analysis the deal's PBN import carried, shown while the solver's is not there. JSON text in, parsed out. */
  importedAnalysis: ColumnType<DealAnalysis | null, string | null | undefined, string | null>;
}

/** A board's line as a table enters it: where it was played, the contract, the tricks and North-South's score. */
interface EnteredLine {
  tournamentId: string;
  round: number;
  boardNo: number;
  tableNo: number;
  declarer: 'N' | 'E' | 'S' | 'W' | null;
  level: number;
  strain: 'C' | 'D' | 'H' | 'S' | 'NT' | null;
  doubled: number;
  tricks: number | null;
  nsScore: number;
}

export interface BoardResultsTable extends EnteredLine {
  id: Generated<string>;
  nsPair: number;
  ewPair: number;
  adjustedNs: 'A+' | 'A' | 'A-' | null;
  adjustedEw: 'A+' | 'A' | 'A-' | null;
  /** A table's entry waits for East-West's confirmation; the organiser's and director's lines are confirmed. */
  status: ColumnType<'entered' | 'confirmed', 'entered' | 'confirmed' | undefined, 'entered' | 'confirmed'>;
  /** The opening lead, `SA`, `HT`; optional. */
  lead: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  editedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type BoardResultRow = Selectable<BoardResultsTable>;

export interface PairScoresTable {
  tournamentId: string;
  pairKey: string;
  direction: 'NS' | 'EW' | null;
  pairNo: number;
  boards: number;
  total: number;
  tops: number;
  percentage: number | null;
  place: number;
  label: string;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  contact: string;
  description: string;
  type: Generated<number>;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  /** test_download: an admin's download from Tools -> Test Player, kept out of the download figures. */
  eventName: 'file_download' | 'test_download' | 'page_view';
  occurredAt: CreatedAt;
  pagePath: string | null;
  referrer: string | null;
  userAgent: string | null;
  osName: string | null;
  osVersion: string | null;
  deviceModel: string | null;
  deviceType: string | null;
  fileName: string | null;
  app: string | null;
  platform: string | null;
  appVersion: string | null;
  userId: string | null;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  names: string;
  passwordHash: string;
  emailVerified: Generated<boolean>;
  role: Generated<'player' | 'admin'>;
  disabled: Generated<boolean>;
  contact: string | null;
  phoneNumber: string | null;
  bfiId: string | null;
  city: string | null;
  postalIndexNumber: string | null;
  photoUrl: string | null;
  /** The player chose to be found by any director's player search (off until they turn it on). */
  findable: Generated<boolean>;
  createdAt: CreatedAt;
  editedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface SessionsTable {
  idHash: string;
  userId: string;
  createdAt: CreatedAt;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  ip: string | null;
  userAgent: string | null;
}

export interface EmailTokensTable {
  tokenHash: string;
  userId: string;
  purpose: 'verify' | 'reset';
  email: string;
  createdAt: CreatedAt;
  expiresAt: ColumnType<Date, Date | string, never>;
  usedAt: ColumnType<Date | null, never, Date | string>;
}

export interface OutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  link: string | null;
  createdAt: CreatedAt;
  attempts: Generated<number>;
  claimedAt: ColumnType<Date | null, never, Date | string | null>;
  sentAt: ColumnType<Date | null, never, Date | string | null>;
  /** 'smtp' when sent, 'log' when printed to the log because no SMTP server is configured. */
  transport: ColumnType<string | null, never, string | null>;
  lastError: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

/** A deal's double-dummy table (modules/analysis), keyed by the SHA-256 of its PBN string from North. */
export interface DealAnalysesTable {
  dealHash: string;
  deal: string;
  /** Written as JSON text, read back parsed (jsonb). */
  tricks: ColumnType<DoubleDummyTricks, string, string>;
  solvedAt: Generated<Date>;
}

/** A solved deal's par for one dealer and vulnerability. */
export interface DealParsTable {
  dealHash: string;
  dealer: 'N' | 'E' | 'S' | 'W';
  vulnerability: 'None' | 'NS' | 'EW' | 'All';
  score: number;
  contracts: ColumnType<string[], string, string>;
}

/** A deal (with its dealer and vulnerability) waiting for the solver. */
export interface AnalysisQueueTable {
  dealHash: string;
  dealer: 'N' | 'E' | 'S' | 'W';
  vulnerability: 'None' | 'NS' | 'EW' | 'All';
  deal: string;
  queuedAt: Generated<Date>;
  attempts: Generated<number>;
  lastError: string | null;
  /** The event that put the deal in line (null for deals queued before events took turns). */
  eventId: string | null;
  /** The deal's place among that event's deals (its board order). */
  place: Generated<number>;
}

/** A table's six-digit code, typed once on a phone to open that table (modules/tables). */
export interface TableCodesTable {
  tournamentId: string;
  tableNo: number;
  code: string;
}

/** A phone's hold on one table: the SHA-256 of its cookie's token. */
export interface TableSessionsTable {
  tokenHash: string;
  tournamentId: string;
  tableNo: number;
  createdAt: CreatedAt;
  expiresAt: Date;
}

/** Each table entry by the key its phone gave it, with its answer, so the same entry again changes nothing. */
export interface TableEntriesTable {
  tournamentId: string;
  entryId: string;
  tableNo: number;
  boardNo: number;
  nsScore: number;
  createdAt: CreatedAt;
}

/**
 * A table's entry East-West rejected ('rejected'), or a confirmed line the table entered again ('replaced'), as it
 * was entered, for the director to see.
 */
export interface WithdrawnEntriesTable extends EnteredLine {
  id: Generated<string>;
  lead: string | null;
  enteredAt: Date;
  withdrawnAt: CreatedAt;
  reason: ColumnType<'rejected' | 'replaced', 'rejected' | 'replaced' | undefined, never>;
}

/** A board the director marked as not played at a table in a round. */
export interface BoardsNotPlayedTable {
  tournamentId: string;
  round: number;
  tableNo: number;
  boardNo: number;
}

/** An accepted action of a board played online, in its place in the board's sequence (0008-online-play). */
export interface PlayActionsTable {
  tournamentId: string;
  round: number;
  tableNo: number;
  boardNo: number;
  seq: number;
  actor: 'N' | 'E' | 'S' | 'W' | 'director';
  /** The engine's TableAction. JSON text in, parsed out. */
  action: ColumnType<TableAction, string, string>;
  createdAt: CreatedAt;
}

/** A seat the director gave to a robot for the rest of a round at an online table. */
export interface PlaySubstitutesTable {
  tournamentId: string;
  round: number;
  tableNo: number;
  seat: 'N' | 'E' | 'S' | 'W';
  createdAt: CreatedAt;
}

/** A player's open call for the director at an online table (one a table), until the director answers it (0009-director-calls). */
export interface DirectorCallsTable {
  tournamentId: string;
  tableNo: number;
  seat: 'N' | 'E' | 'S' | 'W';
  calledAt: CreatedAt;
}

export interface DisputedClaimsTable {
  tournamentId: string;
  tableNo: number;
  round: number;
  boardNo: number;
  seat: 'N' | 'E' | 'S' | 'W';
  tricks: number;
  rejectedBy: 'N' | 'E' | 'S' | 'W';
  disputedAt: CreatedAt;
}
