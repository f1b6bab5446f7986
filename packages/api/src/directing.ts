import { z } from 'zod';
import { SeatLetterSchema } from './bridge-terms.ts';
import { resultOf } from './errors.ts';
import { messages } from './messages.ts';
import { EnteredResultSchema } from './tables.ts';
import { isSingleLine } from './text.ts';
import { AdjustedScoreSchema, EVENT_LIMITS, KeyParams, PairStandingSchema } from './tournaments.ts';

/**
 * The director's console (`/console/direct`): a club session made in the wizard, its entries, its live view and
 * round clock, and its printed table cards and pair guides. The table phones' side is in `tables.ts`.
 */

/** Pairs the wizard proposes movements for (the engine's `proposeMovements`). */
export const DIRECT_LIMITS = { fewestPairs: 4, mostPairs: 60, movementText: 200_000 } as const;

const singleLine = (max: number) => z.string().trim().min(1).max(max).refine(isSingleLine, messages.controlCharacters);

export const ScoringChoiceSchema = z.enum(['matchpoints', 'cross-imps', 'butler']);
export type ScoringChoice = z.infer<typeof ScoringChoiceSchema>;
/** Random deals; deals from a PBN file (imported after creation); or dealt by hand at the club (no deals known). */
export const DealsChoiceSchema = z.enum(['random', 'pbn', 'by-hand']);
export type DealsChoice = z.infer<typeof DealsChoiceSchema>;
export const MovementTableFormatSchema = z.enum(['csv', 'json']);

export const MinutesPerBoardSchema = z.coerce
  .number()
  .min(2, 'Minutes per board must be 2 to 20')
  .max(20, 'Minutes per board must be 2 to 20')
  .default(7.5);

/** `GET /api/v1/direct/proposals?pairs=&minutesPerBoard=`. */
export const ProposalsQuery = z.object({
  pairs: z.coerce
    .number()
    .int()
    .min(DIRECT_LIMITS.fewestPairs, `Movements are proposed for ${DIRECT_LIMITS.fewestPairs} to ${DIRECT_LIMITS.mostPairs} pairs`)
    .max(DIRECT_LIMITS.mostPairs, `Movements are proposed for ${DIRECT_LIMITS.fewestPairs} to ${DIRECT_LIMITS.mostPairs} pairs`),
  minutesPerBoard: MinutesPerBoardSchema,
});

/** One movement that fits the pairs, with the figures a director chooses by. */
export const MovementProposalSchema = z.object({
  /** Stable for the same pairs: the wizard sends it back to create the event. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tables: z.number(),
  rounds: z.number(),
  boardsPerRound: z.number(),
  totalBoards: z.number(),
  /** Expected duration at the club's pace, plus a minute a round to move. */
  minutes: z.number(),
  sitOut: z.boolean(),
  winners: z.union([z.literal(1), z.literal(2)]),
});
export type MovementProposal = z.infer<typeof MovementProposalSchema>;
export const ProposalsResponse = resultOf(z.array(MovementProposalSchema));

/** An uploaded movement table ([docs/movement-format.md]): CSV or JSON text. */
export const MovementUploadSchema = z.object({
  format: MovementTableFormatSchema,
  text: z.string().min(1, 'The movement file is empty').max(DIRECT_LIMITS.movementText, 'The movement file is too large'),
  boardsPerRound: z.number().int().min(1).max(EVENT_LIMITS.boardsPerRound),
});

/** `POST /api/v1/direct/movements/check`: an upload read and checked, as the wizard shows it before Next. */
export const CheckMovementBody = MovementUploadSchema.extend({
  /** The club's pace, for the expected duration (7.5 unless given). */
  minutesPerBoard: MinutesPerBoardSchema,
});
export const CheckedMovementSchema = z.object({
  tables: z.number(),
  rounds: z.number(),
  pairs: z.number(),
  boardsPerRound: z.number(),
  totalBoards: z.number(),
  winners: z.union([z.literal(1), z.literal(2)]),
  sitOut: z.boolean(),
  minutes: z.number(),
});
export const CheckMovementResponse = resultOf(CheckedMovementSchema);

export const MovementChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('proposal'), id: z.string().min(1).max(80) }),
  z.object({ kind: z.literal('upload'), ...MovementUploadSchema.shape }),
]);

/** `POST /api/v1/direct/events`: the wizard's steps in one body. */
export const CreateSessionBody = z.object({
  name: singleLine(80),
  /** The session's start, ISO 8601 with its offset. */
  startsAt: z.string().datetime({ offset: true, message: 'Give the date and time the session starts' }),
  pairs: z.number().int().min(DIRECT_LIMITS.fewestPairs).max(DIRECT_LIMITS.mostPairs),
  minutesPerBoard: MinutesPerBoardSchema,
  movement: MovementChoiceSchema,
  scoring: ScoringChoiceSchema,
  deals: DealsChoiceSchema,
  /** Whether a table sees a board's traveller once it has entered it. */
  showTravellers: z.boolean().default(true),
  /** An online event: played at online tables, each with its video chat; no table codes, no phones scoring. */
  online: z.boolean().default(false),
});
export type CreateSessionBody = z.input<typeof CreateSessionBody>;
export const CreateSessionResponse = resultOf(z.object({ key: z.string() }));

/** Where an event run from the console stands. */
export const SessionPhaseSchema = z.enum(['preparation', 'play', 'complete']);
export type SessionPhase = z.infer<typeof SessionPhaseSchema>;

export const DirectedEventSchema = z.object({
  key: z.string(),
  name: z.string(),
  startsAt: z.string().nullable(),
  phase: SessionPhaseSchema,
  movementName: z.string(),
  tables: z.number(),
  rounds: z.number(),
  currentRound: z.number(),
  scoring: ScoringChoiceSchema,
  /** The organiser's name: admins see every event. */
  organiser: z.string(),
});
export type DirectedEvent = z.infer<typeof DirectedEventSchema>;
/** `GET /api/v1/direct/events`: the caller's events (every event for an admin), by phase. */
export const DirectedEventsResponse = resultOf(
  z.object({ preparation: z.array(DirectedEventSchema), play: z.array(DirectedEventSchema), complete: z.array(DirectedEventSchema) }),
);

/**
 * A registered player found by name or BFI number, for an entry: among the players of the director's earlier
 * events and those who chose to be found (decision 058). Never an address.
 */
export const PlayerSearchQuery = z.object({ q: singleLine(120).pipe(z.string().min(2, 'Type at least 2 characters')) });
export const FoundPlayerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  bfiId: z.string().nullable(),
});
export const PlayerSearchResponse = resultOf(z.array(FoundPlayerSchema));

/** One player of an entry: a registered account, or a guest by name alone. */
export const EntryPlayerSchema = z.union([z.object({ userId: z.string().uuid() }), z.object({ name: singleLine(60) })]);
export type EntryPlayer = z.infer<typeof EntryPlayerSchema>;
/** A pair's entry: its key as the results show it (`NS3`, `EW3`, or `3` in a one-winner movement) and its two players. */
export const PairEntrySchema = z.object({
  pair: z.string().regex(/^(NS|EW)?[1-9][0-9]{0,2}$/, 'A pair is NS3, EW3 or 3'),
  players: z.tuple([EntryPlayerSchema, EntryPlayerSchema]),
});
export type PairEntry = z.infer<typeof PairEntrySchema>;
/** `PUT /api/v1/direct/events/{key}/entries`: the whole list, before the start (late entries, withdrawals, swaps). */
export const SetEntriesBody = z.object({ pairs: z.array(PairEntrySchema).max(EVENT_LIMITS.tables * 2) });
export const EntryViewSchema = z.object({
  pair: z.string(),
  /** Where the pair starts: table and direction in round 1; null for the pair that sits out in round 1. */
  table: z.number().nullable(),
  direction: z.enum(['NS', 'EW']).nullable(),
  players: z.array(z.object({ userId: z.string().nullable(), name: z.string(), guest: z.boolean() })),
});
export type EntryView = z.infer<typeof EntryViewSchema>;
export const EntriesResponse = resultOf(z.object({ pairs: z.array(EntryViewSchema) }));

/**
 * A table's line of a board that is no longer its result, kept for the director to see: an entry East-West
 * rejected, or a line East-West had confirmed that the table entered again (its traveller could be read meanwhile).
 */
export const WithdrawnEntrySchema = z.object({
  entry: EnteredResultSchema,
  /** `4S N`, `3NTX E`, `Passed out`. */
  contract: z.string(),
  nsScore: z.number(),
  /** When East-West rejected it, or when the table entered the board again. */
  at: z.string(),
  /** 'rejected' by East-West, or 'replaced' by a new entry after East-West had confirmed it. */
  reason: z.enum(['rejected', 'replaced']),
});
export type WithdrawnEntry = z.infer<typeof WithdrawnEntrySchema>;

/** A board at a table in a round, as the director's grid shows it. */
export const GridBoardSchema = z.object({
  board: z.number(),
  status: z.enum(['missing', 'entered', 'confirmed', 'notPlayed']),
  /** Past the round's time and still missing. */
  late: z.boolean(),
  nsScore: z.number().nullable(),
  adjusted: AdjustedScoreSchema.nullable(),
  contract: z.string().nullable(),
  /** The result as entered (by the table or the director), to start a correction from; null when none. */
  entry: EnteredResultSchema.nullable(),
  /** The table's entries of the board East-West rejected, and its confirmed lines entered again, oldest first. */
  withdrawn: z.array(WithdrawnEntrySchema),
});
export const GridCellSchema = z.object({
  round: z.number(),
  table: z.number(),
  nsPair: z.number(),
  ewPair: z.number(),
  /** The pair that sits out this round at this table, when the movement has one. */
  sitOut: z.boolean(),
  boards: z.array(GridBoardSchema),
});
export type GridCell = z.infer<typeof GridCellSchema>;
export const RoundClockSchema = z.object({
  running: z.boolean(),
  /** Time run in this round when the answer was made. */
  elapsedMs: z.number(),
  /** The round's time: boards a round x minutes a board. */
  roundMs: z.number(),
});
/** `GET /api/v1/direct/events/{key}`: the live view. */
export const LiveViewSchema = z.object({
  event: DirectedEventSchema.extend({
    boardsPerRound: z.number(),
    minutesPerBoard: z.number(),
    showTravellers: z.boolean(),
    online: z.boolean(),
    /** In an online event, each table's video room in table order (the director may join any); null otherwise. */
    videoChannels: z.array(z.string()).nullable(),
    deals: DealsChoiceSchema,
    winners: z.union([z.literal(1), z.literal(2)]),
  }),
  clock: RoundClockSchema,
  grid: z.array(GridCellSchema),
  /** The provisional ranking from the results so far. */
  ranking: z.array(PairStandingSchema),
  entries: z.array(EntryViewSchema),
  /** In an online event, the tables whose player called the director and no director has answered yet, oldest first. */
  directorCalls: z.array(z.object({ table: z.number(), seat: SeatLetterSchema, at: z.string() })),
  /**
   * In an online event, the tables where an opponent rejected a claim (the latest at each table), until the director
   * rules on it or answers the table: the board, the claimer, the tricks claimed of those left, who rejected, and when.
   */
  disputedClaims: z.array(
    z.object({
      table: z.number(),
      round: z.number(),
      board: z.number(),
      seat: SeatLetterSchema,
      tricks: z.number(),
      rejectedBy: SeatLetterSchema,
      at: z.string(),
    }),
  ),
});
export type LiveView = z.infer<typeof LiveViewSchema>;
export const LiveViewResponse = resultOf(LiveViewSchema);

/** `POST /api/v1/direct/events/{key}/clock`. */
export const ClockBody = z.object({ running: z.boolean() });
export const ClockResponse = resultOf(RoundClockSchema);
/** `POST /api/v1/direct/events/{key}/start` and `.../next-round`: the round now in play. */
export const RoundResponse = resultOf(z.object({ round: z.number() }));
/** `POST /api/v1/direct/events/{key}/not-played`: mark (or unmark) a board as not played at a table in a round. */
export const NotPlayedBody = z.object({
  round: z.number().int().min(1).max(EVENT_LIMITS.rounds),
  table: z.number().int().min(1).max(EVENT_LIMITS.tables),
  board: z.number().int().min(1),
  notPlayed: z.boolean(),
});
export const NotPlayedResponse = resultOf(z.object({ notPlayed: z.boolean() }));
export const DirectKeyParams = KeyParams;
