import { dealerOf, sideOf, vulnerabilityOf } from '../board.ts';
import { validateDeal, type Deal, type Hand } from '../deal.ts';
import { nsScore } from '../scoring.ts';
import { SEATS, type Contract, type Seat, type Vulnerability } from '../types.ts';
import { auctionOver, callProblem, finalContract, seatToCall, type AuctionCall } from './auction.ts';
import { parseCall, type Call } from './calls.ts';
import { handCards, parseCard, rankValue, suitOf, type Card } from './cards.ts';
import { partnerOf, seatAfter, seatName } from './seats.ts';

/** A card as played to a trick, by the seat that held it (dummy's cards under dummy's seat). */
export interface PlayedCard {
  seat: Seat;
  card: Card;
}

/** A claim of `tricks` of the remaining tricks for the claimer's side, waiting for the opponents' answers. */
export interface PendingClaim {
  seat: Seat;
  tricks: number;
  statement?: string;
  /** The opponents who have accepted so far. */
  accepted: readonly Seat[];
}

/**
 * The last claim of the board that an opponent rejected. The claim was withdrawn and play went on from where it
 * stood; the director may still rule on it while the board is in play, from the position it was made in: `plays`
 * cards had been played, `left` tricks were still to play and each side had `won` its tricks.
 */
export interface DisputedClaim {
  seat: Seat;
  tricks: number;
  statement?: string;
  rejectedBy: Seat;
  plays: number;
  left: number;
  won: { ns: number; ew: number };
}

/** A request by `seat` to take back the last call or card. */
export interface PendingUndo {
  seat: Seat;
}

/** How the board ended: the tricks of declarer's side and the score from North-South's side (Law 77). */
export interface TableResult {
  tricks: number;
  score: number;
}

/** A board at the table, from the deal to its result. Never changed in place: every action makes a new state. */
export interface BoardState {
  readonly board: number;
  readonly dealer: Seat;
  readonly vulnerability: Vulnerability;
  readonly deal: Readonly<Record<Seat, Hand>>;
  readonly auction: readonly AuctionCall[];
  readonly plays: readonly PlayedCard[];
  readonly claim: PendingClaim | null;
  readonly disputed: DisputedClaim | null;
  readonly undo: PendingUndo | null;
  readonly result: TableResult | null;
}

/** What a player (or the director) does at the table; the protocol's client messages. */
export type TableAction =
  | { type: 'call'; call: Call; alert?: boolean; explanation?: string }
  | { type: 'play'; card: Card }
  | { type: 'claim'; tricks: number; statement?: string }
  | { type: 'claimResponse'; accept: boolean }
  | { type: 'undo' }
  | { type: 'undoResponse'; accept: boolean }
  | { type: 'directorRuling'; tricks: number };

/** Who acts: a seat, or the director (who only rules on a disputed claim). */
export type Actor = Seat | 'director';

/** The answer to an action: the new state, or why it was refused (and nothing changed). */
export type ActionOutcome = { ok: true; state: BoardState } | { ok: false; message: string };

/** A board before the first call. Dealer and vulnerability follow the board number (Law 2) unless given, as imported deals keep their own. */
export function startBoard(board: number, deal: Deal, options: { dealer?: Seat; vulnerability?: Vulnerability } = {}): BoardState {
  validateDeal(deal);
  const hands = {} as Record<Seat, Hand>;
  for (const seat of SEATS) {
    const hand = deal[seat];
    if (!hand) throw new RangeError(`A board at the table needs all four hands; ${seatName(seat)}'s is missing`);
    hands[seat] = hand;
  }
  return {
    board,
    dealer: options.dealer ?? dealerOf(board),
    vulnerability: options.vulnerability ?? vulnerabilityOf(board),
    deal: hands,
    auction: [],
    plays: [],
    claim: null,
    disputed: null,
    undo: null,
    result: null,
  };
}

const callsOf = (state: BoardState): Call[] => state.auction.map((entry) => entry.call);

const contractAndDeclarer = (state: BoardState) => finalContract(state.dealer, callsOf(state));

/** The final contract, or null while the auction runs (level 0 when passed out). */
export const contractOf = (state: BoardState): Contract | null => contractAndDeclarer(state)?.contract ?? null;

/** The declarer, or null while the auction runs or when the board was passed out. */
export const declarerOf = (state: BoardState): Seat | null => contractAndDeclarer(state)?.declarer ?? null;

/** Declarer's partner once the auction has ended, who takes no part in the play. */
export function dummyOf(state: BoardState): Seat | null {
  const declarer = declarerOf(state);
  return declarer && partnerOf(declarer);
}

/** The opening lead, once made. */
export const openingLead = (state: BoardState): Card | null => state.plays[0]?.card ?? null;

/** Which card wins a trick: the highest trump, else the highest card of the suit led (Law 44). */
function trickWinner(trick: readonly PlayedCard[], trumps: string | null): Seat {
  const led = suitOf(trick[0]!.card);
  const power = ({ card }: PlayedCard) => (suitOf(card) === trumps ? 200 : suitOf(card) === led ? 100 : 0) + rankValue(card);
  return trick.reduce((best, played) => (power(played) > power(best) ? played : best)).seat;
}

/** The completed tricks in order, each with its winner. */
export function completedTricks(state: BoardState): { cards: PlayedCard[]; winner: Seat }[] {
  const strain = contractOf(state)?.strain;
  const trumps = strain && strain !== 'NT' ? strain : null;
  const tricks = [];
  for (let i = 0; i + 4 <= state.plays.length; i += 4) {
    const cards = state.plays.slice(i, i + 4);
    tricks.push({ cards, winner: trickWinner(cards, trumps) });
  }
  return tricks;
}

/** The cards of the trick in progress (empty between tricks). */
export const currentTrick = (state: BoardState): PlayedCard[] => state.plays.slice(state.plays.length - (state.plays.length % 4));

/** The last completed trick, for review, or null before the first is complete. */
export const lastTrick = (state: BoardState): PlayedCard[] | null => completedTricks(state).at(-1)?.cards ?? null;

/** The tricks each side has won so far. */
export function tricksWon(state: BoardState): { ns: number; ew: number } {
  const won = { ns: 0, ew: 0 };
  for (const { winner } of completedTricks(state)) won[sideOf(winner) === 'NS' ? 'ns' : 'ew']++;
  return won;
}

/** The cards a seat still holds. */
export function remainingHand(state: BoardState, seat: Seat): Card[] {
  const played = new Set(state.plays.filter((play) => play.seat === seat).map((play) => play.card));
  return handCards(state.deal[seat]).filter((card) => !played.has(card));
}

const inPlay = (state: BoardState): boolean => state.result === null && (contractOf(state)?.level ?? 0) > 0;

/**
 * The seat whose card is next in the play, even while a claim or an undo request waits (the position it stands
 * at): declarer's left leads first, then the winner of each trick leads. Null outside the play.
 */
export function seatToPlay(state: BoardState): Seat | null {
  if (!inPlay(state)) return null;
  const last = state.plays.at(-1);
  if (!last) return seatAfter(declarerOf(state)!);
  if (state.plays.length % 4 !== 0) return seatAfter(last.seat);
  return completedTricks(state).at(-1)!.winner;
}

/**
 * The seat to call or play next, or null when the board is over or a claim or undo request waits for an answer.
 * On dummy's turn this is dummy's seat; `actingSeat` names declarer, who plays the card.
 */
export function turnOf(state: BoardState): Seat | null {
  if (state.result || state.claim || state.undo) return null;
  return auctionOver(callsOf(state)) ? seatToPlay(state) : seatToCall(state.dealer, callsOf(state));
}

/** The seat that must send the next call or card: declarer on dummy's turn. */
export function actingSeat(state: BoardState): Seat | null {
  const turn = turnOf(state);
  return turn !== null && turn === dummyOf(state) ? declarerOf(state) : turn;
}

/** The cards the seat on turn may play: any card when leading, else a card of the suit led when it holds one. */
export function legalPlays(state: BoardState): Card[] {
  const seat = turnOf(state);
  if (!seat || !inPlay(state)) return [];
  const cards = remainingHand(state, seat);
  const lead = currentTrick(state)[0];
  const following = lead ? cards.filter((card) => suitOf(card) === suitOf(lead.card)) : [];
  return following.length > 0 ? following : cards;
}

/** The seats whose answer a pending claim or undo request waits for. */
export function awaitedAnswers(state: BoardState): Seat[] {
  if (state.claim) return opponentsWhoAnswer(state, state.claim.seat).filter((seat) => !state.claim!.accepted.includes(seat));
  if (state.undo) return opponentsWhoAnswer(state, state.undo.seat);
  return [];
}

/** The opponents of `seat` who answer a claim or an undo request: dummy never does, so declarer answers alone for a defender. */
const opponentsWhoAnswer = (state: BoardState, seat: Seat): Seat[] =>
  [seatAfter(seat), seatAfter(seat, 3)].filter((opponent) => opponent !== dummyOf(state));

const SUIT_NAMES: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/** Why no call, card, claim or undo can be made now, or null. */
function blocked(state: BoardState): string | null {
  if (state.result) return 'The board is over';
  if (state.claim) return 'A claim is waiting for an answer';
  if (state.undo) return 'An undo request is waiting for an answer';
  return null;
}

const DUMMY_TAKES_NO_PART = "Dummy takes no part in the play: declarer plays dummy's cards";

/** Why an undo of the opening lead is refused: dummy's hand is faced once the lead is made (Law 41). */
export const OPENING_LEAD_STANDS = 'The opening lead cannot be taken back: dummy has been faced (Law 41)';

/**
 * The board ended by a claim or ruling: declarer's side has the tricks it had won at the claim plus its share of
 * the tricks then left (`left`); by default, the position as it stands.
 */
function endByClaim(state: BoardState, claimer: Seat, tricks: number, at?: { won: { ns: number; ew: number }; left: number }): BoardState {
  const declarer = declarerOf(state)!;
  const won = at?.won ?? tricksWon(state);
  const left = at?.left ?? 13 - won.ns - won.ew;
  const declarerSide = sideOf(declarer) === 'NS' ? won.ns : won.ew;
  const share = sideOf(claimer) === sideOf(declarer) ? tricks : left - tricks;
  return withResult({ ...state, claim: null, undo: null }, declarerSide + share);
}

function withResult(state: BoardState, tricks: number): BoardState {
  const score = nsScore(contractOf(state)!, declarerOf(state), tricks, state.vulnerability);
  return { ...state, result: { tricks, score } };
}

function call(state: BoardState, actor: Seat, action: Extract<TableAction, { type: 'call' }>): BoardState | string {
  const toCall = seatToCall(state.dealer, callsOf(state));
  if (!toCall) return 'The auction is over';
  if (actor !== toCall) return `It is ${seatName(toCall)}'s turn to call`;
  const made = parseCall(String(action.call));
  if (!made) return `"${String(action.call)}" is not a call`;
  const problem = callProblem(state.dealer, callsOf(state), made);
  if (problem) return problem;
  const entry: AuctionCall = { seat: actor, call: made, alert: action.alert === true };
  const explanation = action.explanation?.trim();
  if (explanation) entry.explanation = explanation;
  const next = { ...state, auction: [...state.auction, entry] };
  return contractOf(next)?.level === 0 ? withResult(next, 0) : next;
}

function play(state: BoardState, actor: Seat, action: Extract<TableAction, { type: 'play' }>): BoardState | string {
  const seat = seatToPlay(state);
  if (!seat) return 'Cards are played once the auction is over';
  const declarer = declarerOf(state)!;
  if (actor === dummyOf(state)) return DUMMY_TAKES_NO_PART;
  if (actor !== actingSeat(state))
    return seat === partnerOf(declarer) ? `It is dummy's turn: ${seatName(declarer)} plays dummy's cards` : `It is ${seatName(seat)}'s turn to play`;
  const card = parseCard(String(action.card));
  if (!card) return `"${String(action.card)}" is not a card`;
  const owner = seat === actor ? 'your hand' : "dummy's hand";
  if (!remainingHand(state, seat).includes(card)) return `${card} is not in ${owner}`;
  if (!legalPlays(state).includes(card))
    return `A card of the suit led must be played from ${owner} (${SUIT_NAMES[suitOf(currentTrick(state)[0]!.card)]})`;
  const next = { ...state, plays: [...state.plays, { seat, card }] };
  if (next.plays.length < 52) return next;
  const won = tricksWon(next);
  return withResult(next, sideOf(declarer) === 'NS' ? won.ns : won.ew);
}

function claim(state: BoardState, actor: Seat, action: Extract<TableAction, { type: 'claim' }>): BoardState | string {
  if (!inPlay(state)) return 'A claim is made during the play';
  if (actor === dummyOf(state)) return DUMMY_TAKES_NO_PART;
  const won = tricksWon(state);
  const remaining = 13 - won.ns - won.ew;
  if (!Number.isInteger(action.tricks) || action.tricks < 0 || action.tricks > remaining)
    return `A claim is for 0 to ${remaining} of the remaining tricks`;
  const pending: PendingClaim = { seat: actor, tricks: action.tricks, accepted: [] };
  const statement = action.statement?.trim();
  if (statement) pending.statement = statement;
  return { ...state, claim: pending };
}

/**
 * Both opponents of the claimer who answer must accept. One rejection withdraws the claim and play goes on at once
 * from where it stood, as online; the dispute is kept for the director, who may rule on it (`rule`).
 */
function answerClaim(state: BoardState, actor: Seat, accept: boolean): BoardState | string {
  const pending = state.claim;
  if (!pending) return 'There is no claim to answer';
  if (!awaitedAnswers(state).includes(actor))
    return pending.accepted.includes(actor) ? 'You have already accepted the claim' : "Only the claimer's opponents answer a claim";
  if (!accept) {
    const won = tricksWon(state);
    const { seat, tricks, statement } = pending;
    const disputed: DisputedClaim = {
      seat,
      tricks,
      ...(statement === undefined ? {} : { statement }),
      rejectedBy: actor,
      plays: state.plays.length,
      left: 13 - won.ns - won.ew,
      won,
    };
    return { ...state, claim: null, disputed };
  }
  const answered = { ...pending, accepted: [...pending.accepted, actor] };
  const next = { ...state, claim: answered };
  return awaitedAnswers(next).length === 0 ? endByClaim(next, answered.seat, answered.tricks) : next;
}

/**
 * The director rules on the board's last disputed claim, while the board is in play: how many of the tricks left
 * at the claim the claimer's side gets, the claim's own measure. The ruling ends the board from the position the
 * claim was made in, whatever was played after it, and sets aside a claim or undo request that waits.
 */
function rule(state: BoardState, tricks: number): BoardState | string {
  if (state.result) return 'The board is over';
  const disputed = state.disputed;
  if (!disputed) return 'The director rules only on a disputed claim';
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > disputed.left)
    return `A ruling gives 0 to ${disputed.left} of the tricks left at the claim`;
  return endByClaim(state, disputed.seat, tricks, disputed);
}

/** A player may take back their own last call or card (declarer also dummy's) while nothing has followed it. */
function askUndo(state: BoardState, actor: Seat): BoardState | string {
  if (actor === dummyOf(state)) return DUMMY_TAKES_NO_PART;
  const lastPlay = state.plays.at(-1);
  const lastCall = state.auction.at(-1);
  if (!lastCall) return 'There is nothing to undo';
  if (state.plays.length === 1 && actor === lastPlay!.seat) return OPENING_LEAD_STANDS;
  const owner = lastPlay ? (lastPlay.seat === dummyOf(state) ? declarerOf(state) : lastPlay.seat) : lastCall.seat;
  if (actor !== owner) return `Only your own last ${lastPlay ? 'card' : 'call'} can be undone, before anyone acts after it`;
  return { ...state, undo: { seat: actor } };
}

/**
 * One opponent's consent suffices and the first answer decides: online the other opponent may be away, and a
 * refusal by either ends the request. Dummy never answers, so a defender's undo waits for declarer.
 */
function answerUndo(state: BoardState, actor: Seat, accept: boolean): BoardState | string {
  if (!state.undo) return 'There is no undo request to answer';
  if (!awaitedAnswers(state).includes(actor)) return 'Only the opponents of the player asking answer an undo request';
  if (!accept) return { ...state, undo: null };
  if (state.plays.length > 0) return { ...state, undo: null, plays: state.plays.slice(0, -1) };
  return { ...state, undo: null, auction: state.auction.slice(0, -1) };
}

/** Applies one action by a seat or the director; an illegal or out-of-turn action is refused with the reason and changes nothing. */
export function applyAction(state: BoardState, actor: Actor, action: TableAction): ActionOutcome {
  const next = dispatch(state, actor, action);
  return typeof next === 'string' ? { ok: false, message: next } : { ok: true, state: next };
}

function dispatch(state: BoardState, actor: Actor, action: TableAction): BoardState | string {
  if (action.type === 'directorRuling') return actor === 'director' ? rule(state, action.tricks) : 'Only the director rules on a claim';
  if (actor === 'director') return 'The director only rules on disputed claims';
  if (!SEATS.includes(actor)) return `"${String(actor)}" is not a seat`;
  if (action.type === 'claimResponse') return answerClaim(state, actor, action.accept);
  if (action.type === 'undoResponse') return answerUndo(state, actor, action.accept);
  const reason = blocked(state);
  if (reason) return reason;
  switch (action.type) {
    case 'call':
      return call(state, actor, action);
    case 'play':
      return play(state, actor, action);
    case 'claim':
      return claim(state, actor, action);
    case 'undo':
      return askUndo(state, actor);
    default:
      return `"${String((action as { type: unknown }).type)}" is not an action`;
  }
}
