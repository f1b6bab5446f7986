import { z } from 'zod';
import { SeatLetterSchema, type SeatLetter } from './bridge-terms.ts';
import { resultOf } from './errors.ts';
import { messages } from './messages.ts';
import { isSingleLine } from './text.ts';

/** Game types of the specification (section 3): the values of EventType. */
export const GameTypeSchema = z.number().int().min(0).max(7);

/**
 * What one event may hold: the movement engine plans up to 200 tables (400 Howell pairs) and 60 rounds, and
 * board numbers follow from the sets (Mitchell: one set a table). Every number the API takes is held to these,
 * so none reaches the database out of its integer range.
 */
export const EVENT_LIMITS = { tables: 200, boardsPerRound: 36, rounds: 60, players: 1000, participants: 2000 } as const;
export const MAX_PAIR = EVENT_LIMITS.tables * 2;
export const MAX_BOARD = EVENT_LIMITS.tables * EVENT_LIMITS.boardsPerRound;

/** Game details as the Organizer app sends them (`kibtzersEnabled` spelled as the apps spell it). */
export const GameDetailsSchema = z.object({
  type: GameTypeSchema,
  typeName: z.string().trim().min(1).max(80).refine(isSingleLine, messages.controlCharacters),
  players: z.number().int().min(0).max(EVENT_LIMITS.players),
  rounds: z
    .number()
    .int()
    .min(1)
    .max(EVENT_LIMITS.rounds)
    .describe(`Rounds played, 1-${EVENT_LIMITS.rounds} and at most the movement's own; some board must be played at two tables or more in them`),
  movementType: z.enum(['Mitchell', 'Howell']),
  scoreType: z.enum(['Match Point', 'IMP']),
  handgeneratedModeAsString: z.enum(['Random', 'Imported', 'Hybrid']),
  liveTableEvent: z.boolean().default(false),
  kibtzersEnabled: z.boolean().default(false),
  /** IMP pairs: cross-IMPs unless "Butler". */
  impMethod: z.enum(['Cross', 'Butler']).optional(),
});
export type GameDetails = z.input<typeof GameDetailsSchema>;

export const CreateTournamentBody = z.object({
  tables: z.number().int().min(1).max(EVENT_LIMITS.tables).describe(`Tables, 1-${EVENT_LIMITS.tables} (a movement needs at least 2)`),
  boardsPerRound: z
    .number()
    .int()
    .min(1)
    .max(EVENT_LIMITS.boardsPerRound)
    .describe(`Boards a round, 1-${EVENT_LIMITS.boardsPerRound}; the event deals (or imports) tables x boards at most`),
  gameDetails: GameDetailsSchema,
});
export type CreateTournamentBody = z.input<typeof CreateTournamentBody>;
export const CreateTournamentResponse = resultOf(z.object({ id: z.string(), key: z.string() }));

/** The join record (specification section 3): `details` is a JSON string. */
export const TournamentJoinRecordSchema = z.object({ id: z.string(), key: z.string(), tables: z.number(), details: z.string() });
export const TournamentJoinResponse = resultOf(TournamentJoinRecordSchema);
export const TournamentKeyQuery = z.object({ key: z.string().trim().min(1).max(40).refine(isSingleLine, messages.controlCharacters) });
/** `/tournaments/{key}/...`: the event's key in the path. */
export const KeyParams = z.object({ key: z.string().min(1).max(40) });
/** `/tournaments/files/download/{xmlToken}`: the USEBIO file's unguessable token. */
export const XmlTokenParams = z.object({ xmlToken: z.string().min(10).max(100) });

/** Side codes: 0 North, 1 East, 2 South, 3 West, -1 blank, anything else kibitzer. */
export const ParticipantInputSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).refine(isSingleLine, messages.controlCharacters).optional(),
    names: z.string().trim().max(120).refine(isSingleLine, messages.controlCharacters).optional(),
    table: z.number().int().min(1).max(EVENT_LIMITS.tables),
    side: z.number().int().min(-1).max(99),
    isBot: z.boolean().default(false),
  })
  // A guest (a player without an account, shown on the results by name) is seated by name alone.
  .refine((p) => (p.isBot ? Boolean(p.names) : Boolean(p.email || p.names)), {
    message: 'A player needs an account email or a name; a bot needs a name',
  });
export const AddParticipantsBody = z.object({
  participants: z
    .array(ParticipantInputSchema)
    .min(1)
    .max(EVENT_LIMITS.participants)
    .describe(`1-${EVENT_LIMITS.participants} seats; an email is seated whether or not it has an account, and the answer is the same`),
});
export type AddParticipantsBody = z.input<typeof AddParticipantsBody>;
/** How many seats were taken. */
export const AddParticipantsResponse = resultOf(z.object({ added: z.number() }));

/** `PUT /tournaments/{key}/boards/{board}`: a board number the event could play. */
export const BoardParams = z.object({
  key: z.string().min(1).max(40),
  board: z.coerce.number().int().min(1).max(MAX_BOARD).describe(`A board number, 1-${MAX_BOARD}`),
});

export const SetBoardBody = z.object({ deal: z.string().trim().min(1).max(120).refine(isSingleLine, messages.controlCharacters) });
export const SetBoardResponse = resultOf(z.object({ board: z.number() }));

/**
 * `POST /tournaments/{key}/import`: a PBN file of deals, as the body itself (text/plain or application/x-pbn) or
 * as JSON `{ pbn }`. The route reads it itself, so a wrong body is answered with the route's own sentence.
 */
export const ImportDealsBody = z.union([z.string(), z.object({ pbn: z.string() })]);
export const ImportDealsResponse = resultOf(z.object({ imported: z.number() }));

export const AdjustmentSchema = z.enum(['A+', 'A', 'A-']);
export const AdjustedScoreSchema = z.object({ ns: AdjustmentSchema, ew: AdjustmentSchema });

/** Where a result was played: the round, the board, the table and the two pairs the movement seats there. */
const ResultPlace = {
  round: z.number().int().min(1).max(EVENT_LIMITS.rounds),
  board: z.number().int().min(1).max(MAX_BOARD),
  table: z.number().int().min(1).max(EVENT_LIMITS.tables),
  nsPair: z.number().int().min(1).max(MAX_PAIR),
  ewPair: z.number().int().min(1).max(MAX_PAIR),
};
const StrainSchema = z.enum(['C', 'D', 'H', 'S', 'NT']);
const DoubledSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * A traveller line as the Organizer app posts it (specification section 7): one JSON shape for the three kinds
 * of line. A played board carries its contract, declarer and tricks; a passed-out board a contract of level 0
 * (its strain, doubling, declarer and tricks do not count); an adjusted score `adjusted` in place of a result.
 */
export const PostResultLine = z.object({
  ...ResultPlace,
  declarer: SeatLetterSchema.nullable().optional(),
  contract: z
    .object({
      level: z.number().int().min(0, 'Level must be 0-7 (0 = passed out)').max(7, 'Level must be 0-7 (0 = passed out)'),
      strain: StrainSchema,
      doubled: DoubledSchema,
    })
    .optional(),
  tricks: z.number().int().min(0, 'Tricks must be 0-13').max(13, 'Tricks must be 0-13').optional(),
  /** The opening lead of a played board, a suit and a rank (`SA`, `HT`, `D2`); null for none. Left out, a correction keeps the lead it had. */
  lead: z
    .string()
    .regex(/^[SHDC][AKQJT98765432]$/, 'A lead is a suit and a rank: SA, HT, D2')
    .nullable()
    .optional(),
  /** A director's artificial adjusted score (Law 12C2) instead of a played result: A+ / A / A- for each side. */
  adjusted: AdjustedScoreSchema.optional(),
});
export type PostResultLine = z.input<typeof PostResultLine>;

type ResultPlace = { round: number; board: number; table: number; nsPair: number; ewPair: number };
/** A board played to a contract of level 1-7. */
export type PlayedResult = ResultPlace & {
  kind: 'played';
  contract: { level: 1 | 2 | 3 | 4 | 5 | 6 | 7; strain: z.infer<typeof StrainSchema>; doubled: z.infer<typeof DoubledSchema> };
  declarer: SeatLetter;
  tricks: number;
  /** Undefined: not given (a correction keeps the lead it had). */
  lead?: string | null;
};
/** A board all four players passed: it scores 0. */
export type PassedOutResult = ResultPlace & { kind: 'passedOut' };
/** The director's artificial adjusted score, in place of a result. */
export type AdjustedResult = ResultPlace & { kind: 'adjusted'; adjusted: z.infer<typeof AdjustedScoreSchema> };

/**
 * `POST /tournaments/{key}/results`: the line, classified by what it carries into played, passed out or
 * adjusted (the wire format is PostResultLine's, unchanged). An adjusted score wins over a contract sent with it;
 * a line with neither, or a contract above 0 without a declarer, is refused with the sentence users see.
 */
export const PostResultBody = PostResultLine.transform((line, context): PlayedResult | PassedOutResult | AdjustedResult => {
  const { declarer, contract, tricks, adjusted, lead, ...place } = line;
  if (adjusted) return { kind: 'adjusted', ...place, adjusted };
  if (!contract || tricks === undefined) {
    context.addIssue({ code: 'custom', message: 'A result needs its contract and tricks, or an adjusted score' });
    return z.NEVER;
  }
  if (contract.level === 0) return { kind: 'passedOut', ...place };
  if (!declarer) {
    context.addIssue({ code: 'custom', path: ['declarer'], message: 'A contract needs a declarer' });
    return z.NEVER;
  }
  // The schema held the level to 0-7 and 0 is a pass-out: 1-7 is left.
  return {
    kind: 'played',
    ...place,
    contract: { ...contract, level: contract.level as PlayedResult['contract']['level'] },
    declarer,
    tricks,
    ...(lead === undefined ? {} : { lead }),
  };
});
export type PostResultBody = z.output<typeof PostResultBody>;
/** The North-South score; null for an adjusted score. */
export const PostResultResponse = resultOf(z.object({ score: z.number().nullable() }));

export const CompleteTournamentResponse = resultOf(z.object({ xmlToken: z.string(), resultId: z.string() }));

/** One traveller line as the results page shows it; `ns`/`ew` are matchpoints or IMPs. */
export const ResultLineSchema = z.object({
  round: z.number(),
  table: z.number(),
  nsPair: z.number(),
  ewPair: z.number(),
  contract: z.object({ level: z.number(), strain: z.enum(['C', 'D', 'H', 'S', 'NT']).nullable(), doubled: z.number() }),
  declarer: SeatLetterSchema.nullable(),
  tricks: z.number().nullable(),
  nsScore: z.number(),
  /** Set when the director gave an artificial adjusted score instead of a played result. */
  adjusted: AdjustedScoreSchema.nullable(),
  ns: z.number(),
  ew: z.number(),
});
export type ResultLine = z.infer<typeof ResultLineSchema>;

export const PairStandingSchema = z.object({
  /** `NS3` / `EW3` in a two-winner event, `3` in a one-winner event. */
  key: z.string(),
  direction: z.enum(['NS', 'EW']).nullable(),
  pair: z.number(),
  names: z.array(z.string()),
  boards: z.number(),
  total: z.number(),
  /**
   * IMP scoring: the total factored to the full schedule (total x scheduled boards / boards played), which the
   * ranking follows; equal to `total` for a pair that played every board. Null for matchpoints.
   */
  factoredTotal: z.number().nullable(),
  tops: z.number(),
  percentage: z.number().nullable(),
  place: z.number(),
  /** `1` or `1=`. */
  label: z.string(),
});
export type PairStanding = z.infer<typeof PairStandingSchema>;

const StrainTricksSchema = z.object({ C: z.number(), D: z.number(), H: z.number(), S: z.number(), NT: z.number() });
/** Tricks each hand takes as declarer in each strain, with perfect play on all sides (double dummy). */
export const DoubleDummyTricksSchema = z.object({ N: StrainTricksSchema, E: StrainTricksSchema, S: StrainTricksSchema, W: StrainTricksSchema });
export type DoubleDummyTricks = z.infer<typeof DoubleDummyTricksSchema>;
/** Par: `score` from North-South's side (negative when East-West gain); `contracts` as DDS writes them (`4S-N`, `4H-EW`, `3NX-NS-2`); none for a passed-out par of 0. */
export const ParResultSchema = z.object({ score: z.number(), contracts: z.array(z.string()) });
export type ParResult = z.infer<typeof ParResultSchema>;
export const DealAnalysisSchema = z.object({ tricks: DoubleDummyTricksSchema, par: ParResultSchema });
export type DealAnalysis = z.infer<typeof DealAnalysisSchema>;

export const BoardResultsSchema = z.object({
  board: z.number(),
  dealer: SeatLetterSchema,
  vulnerability: z.enum(['None', 'NS', 'EW', 'All']),
  /** PBN deal string from North (`N:AKQ.T98.765.432 ...`), or null when not known. */
  deal: z.string().nullable(),
  /** The deal's double-dummy analysis; null while it is pending, without a deal, or on a server without the solver. */
  analysis: DealAnalysisSchema.nullable(),
  lines: z.array(ResultLineSchema),
});

/** `GET /api/v1/tournaments/{key}/results`: public once complete; live for the organiser and admins before. */
export const EventResultsSchema = z.object({
  key: z.string(),
  name: z.string(),
  movementType: z.enum(['Mitchell', 'Howell']),
  scoreType: z.enum(['Match Point', 'IMP']),
  scoringMethod: z.enum(['matchpoints', 'cross-imps', 'butler']),
  winners: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(['active', 'complete']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  pairs: z.array(PairStandingSchema),
  boards: z.array(BoardResultsSchema),
  /** Relative download addresses. */
  xmlUrl: z.string().nullable(),
  pbnUrl: z.string(),
  /** Whether this server analyses deals double dummy (false: the solver library is not installed or is turned off). */
  analysisAvailable: z.boolean(),
});
export type EventResults = z.infer<typeof EventResultsSchema>;
export const EventResultsResponse = resultOf(EventResultsSchema);

/** One event in the public list of `/tournaments`. */
export const PublicEventSchema = z.object({
  key: z.string(),
  name: z.string(),
  movementType: z.enum(['Mitchell', 'Howell']),
  scoreType: z.enum(['Match Point', 'IMP']),
  tables: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The results page; null while the event is in play (its results are not public yet). */
  resultsUrl: z.string().nullable(),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;

/** `GET /api/v1/tournaments/recent`: events in play and the latest completed ones (pair games, newest first). */
export const RecentEventsResponse = resultOf(z.object({ live: z.array(PublicEventSchema), completed: z.array(PublicEventSchema) }));

/** One event of a player's history: their pair's result (percentage for matchpoints, IMPs otherwise). */
export const MyHistoryEventSchema = z.object({
  key: z.string(),
  name: z.string(),
  completedAt: z.string(),
  scoreType: z.enum(['Match Point', 'IMP']),
  movementType: z.enum(['Mitchell', 'Howell']),
  /** The player's pair, from their seat in round 1; `direction` is null in a one-winner event. */
  pair: z.object({ key: z.string(), direction: z.enum(['NS', 'EW']).nullable(), pairNo: z.number(), names: z.array(z.string()) }),
  /** Matchpoint events only, two decimals. */
  percentage: z.number().nullable(),
  /** IMP events only: the pair's IMP total, two decimals. */
  imps: z.number().nullable(),
  place: z.number(),
  /** `1` or `1=`. */
  label: z.string(),
  /** Pairs in the same ranking (the pair's direction when each direction has its own winner). */
  of: z.number(),
});
export type MyHistoryEvent = z.infer<typeof MyHistoryEventSchema>;

const BestResultSchema = z.object({ key: z.string(), value: z.number() }).nullable();

/** `GET /api/v1/tournaments/mine/history`: the completed pair events the caller played, oldest first. */
export const MyHistorySchema = z.object({
  events: z.array(MyHistoryEventSchema),
  summary: z.object({ eventsPlayed: z.number(), bestPercentage: BestResultSchema, bestImps: BestResultSchema }),
});
export type MyHistory = z.infer<typeof MyHistorySchema>;
export const MyHistoryResponse = resultOf(MyHistorySchema);

/** `GET /api/v1/tournaments/mine/{key}/pairs`: the pair keys (as in `PairStanding.key`) the caller sat in. */
export const MyPairsResponse = resultOf(z.object({ pairs: z.array(z.string()) }));
