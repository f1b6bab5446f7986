import { z } from 'zod';
import { resultOf } from './errors.ts';
import { messages } from './messages.ts';
import { isSingleLine } from './text.ts';
import { RoleSchema } from './user.ts';

// The admin API (`/api/admin/v1`): the calls of the specification's section 7 and the console's additions.

/** Page sizes the console offers (specification section 9); the API accepts any size up to 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SEARCH_MAX_LENGTH = 200;

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
/**
 * A calendar day, YYYY-MM-DD, that exists (no 31 February) in the years the platform's data can have (1970-9998):
 * the database has no year 0, and the day after 9999-12-31 leaves the timestamp range; refused here, before any
 * query or export stream starts.
 */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Use a date as YYYY-MM-DD')
  .refine((value) => value >= '1970-01-01' && value <= '9998-12-31', 'Use a date between 1970-01-01 and 9998-12-31')
  .describe('A day, YYYY-MM-DD, between 1970-01-01 and 9998-12-31');
const line = (max: number) => z.string().trim().max(max).refine(isSingleLine, messages.controlCharacters);
const search = line(SEARCH_MAX_LENGTH).optional();

/**
 * A page of a list: `limit` rows after the row `lastDocId` (the `lastDocId` of the previous answer), newest
 * first. Without a cursor, `page` skips `(page - 1) * limit` rows, for a jump to a page number.
 */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  lastDocId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[0-9A-Za-z-]*$/, 'Invalid cursor')
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page answer: `lastDocId` is the cursor of the next page, null on the last one. */
export const pageOf = <T extends z.ZodType>(row: T) => resultOf(z.object({ data: z.array(row), lastDocId: z.string().nullable() }));

/** The event's organiser (or a participant's account) as the lists show them. */
export const UserDataSchema = z.object({ names: z.string(), email: z.string().nullable(), contact: z.string().nullable() });
export type UserData = z.infer<typeof UserDataSchema>;

// Events -------------------------------------------------------------------------------------------------------

/**
 * Filters of the events lists: the chips of "Past events list" as parameters. `type` picks pair games (the
 * default: every type but solitaire), solitaire (type 5) or all; `query` is a substring of the event key or title.
 */
export const EventFilters = z.object({
  query: search,
  type: z.enum(['pair', 'solitaire', 'all']).default('pair'),
  scoreType: z.enum(['IMP', 'Match Point']).optional(),
  movementType: z.enum(['Mitchell', 'Howell']).optional(),
  liveTable: bool.optional(),
  kibitzers: bool.optional(),
  hybrid: bool.optional(),
  /** Exactly this event (its key), for a preview opened from a link. */
  key: z.string().trim().min(1).max(64).refine(isSingleLine, messages.controlCharacters).optional(),
});
export type EventFilters = z.infer<typeof EventFilters>;
export const ListEventsQuery = PageQuery.extend(EventFilters.shape);
export type ListEventsQuery = z.infer<typeof ListEventsQuery>;
export const SearchEventsQuery = ListEventsQuery.extend({ status: z.enum(['active', 'complete']).default('complete') });
export type SearchEventsQuery = z.infer<typeof SearchEventsQuery>;

/** An event in play (specification section 3, "Active event"): `details` is a JSON string. */
export const ActiveEventSchema = z.object({
  objectId: z.string(),
  id: z.string(),
  key: z.string(),
  tables: z.number(),
  details: z.string(),
  createdAt: z.string(),
  userData: UserDataSchema,
  tournament: z.object({ key: z.string() }),
});
export type ActiveEvent = z.infer<typeof ActiveEventSchema>;
export const ListActiveEventsResponse = pageOf(ActiveEventSchema);

/** One table's line of a board (specification section 3, "scoreData"); contract is 'level,suit' (suit 1 clubs .. 5 no-trump). */
export const ScoreEntrySchema = z.object({
  table: z.number(),
  North: z.string().nullable(),
  South: z.string().nullable(),
  East: z.string().nullable(),
  West: z.string().nullable(),
  ns: z.number(),
  ew: z.number(),
  score: z.number().nullable(),
  dealer: z.string(),
  declarer: z.string().nullable(),
  /** 'level,suit', 'Pass' for a passed-out board, null for an adjusted score. */
  contract: z.string().nullable(),
  /** 0 undoubled, 1 doubled, 2 redoubled. */
  doubled: z.number(),
  nsTricks: z.number().nullable(),
  ewTricks: z.number().nullable(),
  totalTricks: z.number().nullable(),
  vulnerable: z.string(),
  /** A director's adjusted score, as 'A+/A-' (NS/EW), when one stands in for a played result. */
  adjusted: z.string().nullable(),
});
export type ScoreEntry = z.infer<typeof ScoreEntrySchema>;
/** `round_number_{n}` -> `board_number_{m}` -> `table_{t}`. */
export const ScoreDataSchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), ScoreEntrySchema)));
export type ScoreData = z.infer<typeof ScoreDataSchema>;

/** A completed event (specification section 3, "Past event record"): `gameDetails` is a JSON string. */
export const PastEventSchema = z.object({
  objectId: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  userData: UserDataSchema,
  tournament: z.object({ key: z.string(), tables: z.number(), gameDetails: z.string() }),
  resultId: z.string().nullable(),
  xmlToken: z.string().nullable(),
  scoreData: ScoreDataSchema,
});
export type PastEvent = z.infer<typeof PastEventSchema>;
export const ListPastEventsResponse = pageOf(PastEventSchema);
/** Search answers past-event records (status complete) or active-event records (status active). */
export const SearchEventsResponse = resultOf(
  z.object({
    data: z.array(z.union([PastEventSchema, ActiveEventSchema])),
    lastDocId: z.string().nullable(),
  }),
);

export const EventKeyQuery = z.object({ key: z.string().trim().min(1).max(40).refine(isSingleLine, messages.controlCharacters) });
export const DeleteEventResponse = resultOf(
  z.object({
    message: z.string(),
    deleted: z.object({ participants: z.number(), boardResults: z.number(), pairScores: z.number(), boards: z.number() }),
  }),
);

// Participants -------------------------------------------------------------------------------------------------

/** Filters of an event's participants: name, email or contact substring, and a registration date range. */
export const ParticipantFilters = z.object({
  key: z.string().trim().min(1).max(40).refine(isSingleLine, messages.controlCharacters),
  query: search,
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
});
export type ParticipantFilters = z.infer<typeof ParticipantFilters>;

/** A seat or kibitzer of an event (specification section 3, "Participant"); side 0 N, 1 E, 2 S, 3 W. */
export const AdminParticipantSchema = z.object({
  objectId: z.string(),
  key: z.string(),
  table: z.number(),
  side: z.number(),
  isBot: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string(),
  /** When the participant's account was made (null for a bot or a seat without an account). */
  registeredAt: z.string().nullable(),
  userData: UserDataSchema,
});
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>;
/** The specification's answer is the list itself: an event's participants come in one answer. */
export const ListParticipantsResponse = resultOf(z.array(AdminParticipantSchema));

// Users --------------------------------------------------------------------------------------------------------

/** A user as the admin list shows them (specification section 3, "User (admin list)"). */
export const AdminUserSchema = z.object({
  objectId: z.string(),
  uid: z.string(),
  names: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  role: RoleSchema,
  contact: z.string().nullable(),
  bfiId: z.string().nullable(),
  city: z.string().nullable(),
  postalIndexNumber: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string(),
  /** How many events the account organised: they are deleted with it. */
  eventsOrganised: z.number().int().nonnegative(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const UserFilters = z.object({ query: search });
export const ListUsersQuery = PageQuery.extend(UserFilters.shape);
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;
export const SearchUsersQuery = PageQuery.extend({ query: line(SEARCH_MAX_LENGTH).default('') });
export const ListUsersResponse = pageOf(AdminUserSchema);
export const UserKeyQuery = z.object({ key: z.string().trim().min(1).max(64).refine(isSingleLine, messages.controlCharacters) });
export const DisableUserBody = z.object({ disabled: z.boolean() });
export const SetRoleBody = z.object({ uid: z.string().trim().min(1).max(64).refine(isSingleLine, messages.controlCharacters), role: RoleSchema });
export const AdminMessageResponse = resultOf(z.object({ message: z.string() }));

// Audits -------------------------------------------------------------------------------------------------------

/** `action` is an exact action (`admin.user.delete`) or, ending in '.', every action under it (`admin.`). */
export const AuditFilters = z.object({
  action: line(80).optional(),
  actor: line(SEARCH_MAX_LENGTH).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;
export const ListAuditsQuery = PageQuery.extend(AuditFilters.shape);
export type ListAuditsQuery = z.infer<typeof ListAuditsQuery>;
export const AuditRowSchema = z.object({
  objectId: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
export const ListAuditsResponse = pageOf(AuditRowSchema);

// App downloads analytics --------------------------------------------------------------------------------------

/**
 * `startDate` and `endDate` (YYYY-MM-DD, both days included, at most 366 days apart); `eventName` is
 * 'file_download'. The chips are `platform` (android, windows) and `app` (player, organiser, math).
 */
export const DownloadFilters = z.object({
  startDate: isoDay,
  endDate: isoDay,
  eventName: z.literal('file_download').default('file_download'),
  query: search,
  platform: z.enum(['android', 'windows']).optional(),
  app: z.enum(['player', 'organiser', 'math']).optional(),
});
export type DownloadFilters = z.infer<typeof DownloadFilters>;
/** One row of the downloads table: downloads of one file per day, user agent, device and origin page. */
export const DownloadEventSchema = z.object({
  date: z.string(),
  fileName: z.string().nullable(),
  app: z.string().nullable(),
  platform: z.string().nullable(),
  userAgent: z.string().nullable(),
  osVersion: z.string().nullable(),
  deviceModel: z.string().nullable(),
  pagePath: z.string().nullable(),
  count: z.number(),
});
export type DownloadEvent = z.infer<typeof DownloadEventSchema>;
export const ListDownloadEventsResponse = resultOf(z.array(DownloadEventSchema));
export const DownloadsSummaryQuery = z.object({ startDate: isoDay.optional(), endDate: isoDay.optional() });
/** Total downloads per file name; the specification's answer is `{ results }`, without the `result` envelope. */
export const DownloadsSummaryResponse = z.object({ results: z.array(z.object({ fileName: z.string(), count: z.number() })) });

// Dashboard, contact inbox, tools ------------------------------------------------------------------------------

/** A key figure: its value now, and how many were added in each of the last 8 weeks (oldest first). */
export const KeyFigureSchema = z.object({ value: z.number(), weekly: z.array(z.number()) });
export type KeyFigure = z.infer<typeof KeyFigureSchema>;
export const DashboardSchema = z.object({
  users: KeyFigureSchema,
  newUsersThisWeek: KeyFigureSchema,
  activeEvents: KeyFigureSchema,
  completedEvents: KeyFigureSchema,
  downloads: KeyFigureSchema,
  contactMessages: KeyFigureSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponse = resultOf(DashboardSchema);

export const ContactMessageRowSchema = z.object({
  objectId: z.string(),
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  description: z.string(),
  type: z.number(),
  createdAt: z.string(),
});
export type ContactMessageRow = z.infer<typeof ContactMessageRowSchema>;
export const ListContactMessagesQuery = PageQuery.extend({ query: search });
export const ListContactMessagesResponse = pageOf(ContactMessageRowSchema);

/** The test player's download address (specification: "result is a URL opened in a new tab"). */
export const TestPlayerUrlResponse = resultOf(z.string());

// Exports ------------------------------------------------------------------------------------------------------

export const ExportDatasetSchema = z.enum(['active-events', 'past-events', 'participants', 'users', 'audits', 'downloads']);
export type ExportDataset = z.infer<typeof ExportDatasetSchema>;
/** `html`: every matching row as a page laid out for printing (the Export menu's Print). */
export const ExportFormatSchema = z.enum(['csv', 'xlsx', 'pdf', 'html']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;
/** `/export/{dataset}`. */
export const ExportParams = z.object({ dataset: ExportDatasetSchema });
/** `GET /export/{dataset}?format=...` plus the parameters of that dataset's list (search and filters). */
export const ExportQuery = z.object({ format: ExportFormatSchema.default('csv') }).loose();

/** The user console's own events (`GET /api/v1/tournaments/mine`): the past-events list, for one user. */
export const MyEventsQuery = ListEventsQuery;
export type MyEventsQuery = z.infer<typeof MyEventsQuery>;
/** `GET /api/v1/tournaments/mine/{key}`: the record with its participants; 404 for anyone else's event. */
export const MyEventResponse = resultOf(
  PastEventSchema.extend({ status: z.enum(['active', 'complete']), participants: z.array(AdminParticipantSchema) }),
);
export type MyEventResponse = z.infer<typeof MyEventResponse>;
