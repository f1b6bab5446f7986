import { z } from 'zod';
import { SeatLetterSchema } from './bridge-terms.ts';
import { resultOf } from './errors.ts';
import { EVENT_LIMITS, MAX_BOARD, ResultLineSchema } from './tournaments.ts';

/**
 * Scoring at the table: a phone opens one table with its six-digit code (`/t/{key}/{table}`), then enters and
 * confirms that table's boards. The contracts are fixed: the browser's table page and a future Organizer app use
 * them alike.
 */

export const messagesOfTables = {
  wrongCode: 'Wrong table code',
  tooManyCodes: 'Too many wrong table codes; wait 15 minutes and try again',
  /** The table's or the event's own count of wrong codes, from every address, is over its limit. */
  codesLocked: "Too many wrong codes were tried at this event's tables; wait 15 minutes and try again",
  /** An online event's results come from its online tables: it has no table codes and takes no phone's entry. */
  onlineEvent: 'This event is played online: its results come from the online tables, not from table phones',
} as const;

/** `/tables/{key}/{table}`. */
export const TableParams = z.object({
  key: z.string().min(1).max(40),
  table: z.coerce.number().int().min(1).max(EVENT_LIMITS.tables),
});
export const TableBoardParams = TableParams.extend({ board: z.coerce.number().int().min(1).max(MAX_BOARD) });

/** `GET /api/v1/tournaments/{key}/tables` (organiser or admin): each table's code and its phone address. */
export const TableCodeSchema = z.object({ table: z.number(), code: z.string(), url: z.string() });
export const TableCodesResponse = resultOf(z.array(TableCodeSchema));

/** `POST /api/v1/tables/{key}/{table}/open`. */
export const OpenTableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'A table code is six digits'),
});
export const OpenTableResponse = resultOf(z.object({ table: z.number() }));

/** A board's result as it was entered (level 0, no declarer and no tricks: passed out). */
export const EnteredResultSchema = z.object({
  declarer: SeatLetterSchema.nullable(),
  contract: z.object({ level: z.number(), strain: z.enum(['C', 'D', 'H', 'S', 'NT']).nullable(), doubled: z.number() }),
  tricks: z.number().nullable(),
  lead: z.string().nullable(),
});

export type EnteredResult = z.infer<typeof EnteredResultSchema>;

export const TableBoardSchema = z.object({
  board: z.number(),
  status: z.enum(['open', 'entered', 'confirmed']),
  /** Null while the board is open. */
  nsScore: z.number().nullable(),
  dealer: SeatLetterSchema,
  vulnerability: z.enum(['None', 'NS', 'EW', 'All']),
  /** The entry as made, for East-West to confirm: `4S` `X`, by `N`, 10 tricks. Null while open. */
  entry: EnteredResultSchema.nullable(),
});

/** Where everyone goes after this round; null after the last round. */
export const TableMoveSchema = z.object({
  /** "NS stay; EW to table 4; boards to table 2". */
  text: z.string(),
  nsTable: z.number().nullable(),
  ewTable: z.number().nullable(),
  boardsTable: z.number().nullable(),
});

/** `GET /api/v1/tables/{key}/{table}` (that table's session). */
export const TableStateSchema = z.object({
  round: z.number(),
  nsPair: z.number(),
  ewPair: z.number(),
  boards: z.array(TableBoardSchema),
  next: TableMoveSchema.nullable(),
  // Beyond the fixed fields: what the phone shows with them.
  event: z.object({
    key: z.string(),
    name: z.string(),
    rounds: z.number(),
    showTravellers: z.boolean(),
    online: z.boolean(),
    /** The video room of this table in an online event (players join it with their account); null otherwise. */
    videoChannel: z.string().nullable(),
  }),
  table: z.number(),
  names: z.object({ ns: z.array(z.string()), ew: z.array(z.string()) }),
  /** The pair at this table sits out this round (no boards). */
  sitOut: z.boolean(),
  /** The director has started the session: until then the table waits, and nothing can be entered. */
  started: z.boolean(),
  /** The event is complete: nothing more to enter. */
  complete: z.boolean(),
});
export type TableState = z.infer<typeof TableStateSchema>;
export const TableStateResponse = resultOf(TableStateSchema);

/** `POST /api/v1/tables/{key}/{table}/results`: North's entry of one board of this round. */
export const TableResultBody = z.object({
  board: z.number().int().min(1).max(MAX_BOARD),
  declarer: SeatLetterSchema.nullable().optional(),
  contract: z.object({
    level: z.number().int().min(0, 'Level must be 0-7 (0 = passed out)').max(7, 'Level must be 0-7 (0 = passed out)'),
    strain: z.enum(['C', 'D', 'H', 'S', 'NT']),
    doubled: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  tricks: z.number().int().min(0, 'Tricks must be 0-13').max(13, 'Tricks must be 0-13'),
  lead: z
    .string()
    .regex(/^[SHDC][AKQJT98765432]$/, 'A lead is a suit and a rank: SA, HT, D2')
    .optional(),
  /** The phone's own key for this entry: the same key again changes nothing and answers the same. */
  entryId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'An entry key is 8-64 letters, digits, - or _'),
});
export type TableResultBody = z.input<typeof TableResultBody>;
/** The North-South score. */
export const TableResultResponse = resultOf(z.object({ score: z.number() }));

/** `POST /api/v1/tables/{key}/{table}/results/{board}/confirm`: East-West agree. */
export const ConfirmResultResponse = resultOf(z.object({ confirmed: z.literal(true) }));
/** `POST /api/v1/tables/{key}/{table}/results/{board}/reject`: East-West disagree; the board is open again. */
export const RejectResultResponse = resultOf(z.object({ status: z.literal('open') }));

/** `GET /api/v1/tables/{key}/{table}/traveller/{board}`: the board's lines so far, once East-West have confirmed this table's line (where the event shows them). */
export const TableTravellerResponse = resultOf(z.object({ board: z.number(), lines: z.array(ResultLineSchema) }));
