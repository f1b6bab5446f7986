import { z } from 'zod';
import { RoundClockSchema } from './directing.ts';
import { resultOf } from './errors.ts';
import { isSingleLine } from './text.ts';
import { KeyParams, MAX_BOARD, ResultLineSchema } from './tournaments.ts';

// The online table's protocol on `/ws/play` (docs/play-protocol.md). A seat is a letter N, E, S or W; a call is
// `1C` ... `7NT`, `Pass`, `X` or `XX`; a card is a suit letter and a rank, `SA`, `HT`, `D2`.

const CALL = /^(?:[1-7](?:C|D|H|S|NT)|Pass|X|XX)$/;
const CARD = /^[SHDC][AKQJT98765432]$/;
const seat = z.enum(['N', 'E', 'S', 'W']);
const explanation = z.string().trim().max(300).refine(isSingleLine, 'An explanation is one line');

/** What a browser or app sends on `/ws/play`. Calls and cards are read as typed (`1nt`, `s10`) and written back canonical. */
export const PlayClientMessage = z.discriminatedUnion('type', [
  /** Take one's seat at a table of an event: the seat comes from the player's seat in the event; others kibitz where allowed. */
  z.object({ type: z.literal('sit'), key: z.string().min(1).max(64), table: z.number().int().min(1).max(500) }),
  z.object({
    type: z.literal('call'),
    call: z.string().max(5),
    alert: z.boolean().optional(),
    explanation: explanation.optional(),
  }),
  /** Declarer plays dummy's cards with this message too. */
  z.object({ type: z.literal('play'), card: z.string().max(3) }),
  z.object({ type: z.literal('claim'), tricks: z.number().int().min(0).max(13), statement: explanation.optional() }),
  z.object({ type: z.literal('claimResponse'), accept: z.boolean() }),
  z.object({ type: z.literal('undo') }),
  z.object({ type: z.literal('undoResponse'), accept: z.boolean() }),
  /**
   * The director (the organiser or an admin, sat as director) rules on the board's last disputed claim while the board
   * is in play: the tricks the claimer's side takes of those that were left at the claim. It ends the board.
   */
  z.object({ type: z.literal('ruling'), tricks: z.number().int().min(0).max(13) }),
  /** The director gives a player's seat to a robot for the rest of the round (a player away too long), or back. */
  z.object({ type: z.literal('robot'), seat, robot: z.boolean() }),
  /** A player at the table calls the director (one call open at a table at a time). */
  z.object({ type: z.literal('callDirector') }),
  /** The director answers the table's call: it is cleared. */
  z.object({ type: z.literal('directorHere') }),
]);
export type PlayClientMessage = z.infer<typeof PlayClientMessage>;

export const isCallText = (text: string) => CALL.test(text);
export const isCardText = (text: string) => CARD.test(text);

/**
 * One socket's view of the table: only the hands it may see (a seat its own, dummy's after the lead, all once the
 * board is done; a kibitzer dummy's after the lead and never another; the director all).
 */
export const PlayTableState = z.object({
  key: z.string(),
  table: z.number(),
  round: z.number(),
  board: z.number(),
  dealer: seat,
  vulnerability: z.enum(['None', 'NS', 'EW', 'All']),
  /** The seat this socket holds; null for a kibitzer. */
  seat: seat.nullable(),
  kibitzer: z.boolean(),
  hands: z.object({ N: z.array(z.string()), E: z.array(z.string()), S: z.array(z.string()), W: z.array(z.string()) }).partial(),
  /** `explanation` is there for the caller and the caller's opponents only, never for the caller's partner. */
  auction: z.array(z.object({ seat, call: z.string(), alert: z.boolean(), explanation: z.string().optional() })),
  turn: seat.nullable(),
  contract: z.object({ level: z.number(), strain: z.enum(['C', 'D', 'H', 'S', 'NT']), doubled: z.number() }).nullable(),
  declarer: seat.nullable(),
  trick: z.array(z.object({ seat, card: z.string() })),
  lastTrick: z.array(z.object({ seat, card: z.string() })).nullable(),
  tricks: z.object({ ns: z.number(), ew: z.number() }),
  result: z.object({ tricks: z.number(), score: z.number() }).nullable(),
  /** A claim waiting for the opponents' answers; the claimer's hand is in `hands` for every seat while it is open. */
  claim: z.object({ seat, tricks: z.number(), statement: z.string().optional(), awaiting: z.array(seat) }).nullable(),
  /**
   * The board's last claim an opponent rejected: it was withdrawn and play went on at once. The director may rule on
   * it while the board is in play, giving the claimer's side some of the `left` tricks there were at the claim.
   */
  disputed: z.object({ seat, tricks: z.number(), statement: z.string().optional(), rejectedBy: seat, left: z.number() }).nullable(),
  undo: z.object({ seat, awaiting: z.array(seat) }).nullable(),
  /**
   * Who sits where: names, whether the server plays the seat, and since when (ISO 8601) a person's seat has had no
   * socket of its player at the table (never came, dropped, or closed the page); `away` is null while they are there
   * and for a seat a robot plays.
   */
  players: z.record(seat, z.object({ name: z.string(), robot: z.boolean(), away: z.string().nullable() })),
  /** This table's boards of the round, in order, and how many are done. */
  boards: z.object({ played: z.number(), total: z.number() }),
  /** Every board of the round is played here: the table waits for the director's next round. */
  roundOver: z.boolean(),
  /** A player's call for the director, open until the director answers it: the seat and when (ISO 8601). */
  directorCall: z.object({ seat, at: z.string() }).nullable(),
  /**
   * Why the table has stopped, shown to everyone at it: the stored play of the board no longer fits its deal (the
   * deal was changed under it). Nothing is played until the director gives the board a result; null while it plays.
   */
  stopped: z.string().nullable(),
  /**
   * The event's round clock as the director's live view has it, read when the frame was sent: a running clock runs
   * on from there; paused, it stands. Each frame has it again after the director pauses or runs it, or a new round.
   */
  clock: RoundClockSchema,
});
export type PlayTableState = z.infer<typeof PlayTableState>;

/** `GET /api/v1/play/{key}/boards/{board}`. */
export const PlayBoardParams = KeyParams.extend({ board: z.coerce.number().int().min(1).max(MAX_BOARD) });

/**
 * `GET /api/v1/play/{key}/table`: the table the movement puts the caller at now in an active table event, with that
 * table's video room; both null when they have no seat there this round (a kibitzer, the director, a pair sitting out).
 */
export const PlayMyTableSchema = z.object({ table: z.number().int().nullable(), channel: z.string().nullable() });
export type PlayMyTable = z.infer<typeof PlayMyTableSchema>;
export const PlayMyTableResponse = resultOf(PlayMyTableSchema);

const hand = z.array(z.string());
/** The four hands of a board, each its thirteen cards (`SA`, `HT`). */
export const PlayDealSchema = z.object({ N: hand, E: hand, S: hand, W: hand });
export type PlayDeal = z.infer<typeof PlayDealSchema>;

/**
 * A board of an online event for review: its traveller so far and its deal, each only where the caller may see it
 * (a player once their table has finished the board; a kibitzer once every table has; the director always).
 */
export const PlayBoardReviewSchema = z.object({
  board: z.number(),
  /** The board's lines so far, as the table phones' traveller has them; empty where the caller may not see them. */
  lines: z.array(ResultLineSchema),
  /** Null where the caller may not see the deal yet. */
  deal: PlayDealSchema.nullable(),
});
export type PlayBoardReview = z.infer<typeof PlayBoardReviewSchema>;
export const PlayBoardReviewResponse = resultOf(PlayBoardReviewSchema);

/**
 * What the server sends on `/ws/play`: the table after every change, to every socket at it; an error, which changed
 * nothing; or, to a player whose seat a new round gave to another, where the movement puts them now (`table` null
 * when they sit out the round), after which the socket sits nowhere until it sits again.
 */
export type PlayServerMessage =
  { type: 'table'; state: PlayTableState } | { type: 'error'; message: string } | { type: 'moved'; key: string; round: number; table: number | null };

/** A play socket's close codes besides the standard ones. */
export const PlayCloseCode = {
  /** The user's access changed (signed out, disabled, deleted). */
  accessEnded: 4001,
  /** The event was deleted (by an admin, or with its organiser's account): the socket was told so first. */
  eventDeleted: 4004,
  /** Too many messages: the allowance was spent far beyond its burst. */
  tooManyMessages: 4008,
} as const;

/** Open table sockets one user may hold at once (every instance together); one more is refused at upgrade. */
export const PLAY_SOCKETS_PER_USER = 8;

/**
 * The largest frame a table socket reads, in bytes: the longest message (a 300-character claim statement written
 * with an escape for every character) fits with room to spare. A larger frame closes the socket with 1009.
 */
export const PLAY_MAX_PAYLOAD = 4 * 1024;
