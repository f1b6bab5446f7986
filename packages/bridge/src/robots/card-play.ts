import { sideOf } from '../board.ts';
import { RANKS, SUIT_ORDER, type Suit } from '../deal.ts';
import type { Seat } from '../types.ts';
import { actingSeat, turnOf, type BoardState, type PlayedCard } from '../table/board-play.ts';
import { bidStrain, isBid, type Call } from '../table/calls.ts';
import { rankOf, rankValue, suitOf, type Card } from '../table/cards.ts';
import { partnerOf, seatAfter } from '../table/seats.ts';
import { seatView } from '../table/seat-view.ts';

/**
 * What the seat choosing a card may know: its own hand, dummy's once the opening lead is made, every card played
 * and the auction as that seat reads it. A robot's heuristic sees nothing else, so it cannot peek.
 */
export interface PlayView {
  /** The seat whose card is played now: dummy's seat on dummy's turn. */
  seat: Seat;
  /** Who chooses the card: the seat itself, or declarer for dummy. */
  player: Seat;
  declarer: Seat;
  trumps: Suit | null;
  /** The remaining cards of the hands the player may see. */
  hands: Partial<Record<Seat, readonly Card[]>>;
  /** Every card played so far, in order: all four seats saw them. */
  plays: readonly PlayedCard[];
  auction: readonly { seat: Seat; call: Call }[];
}

/** The view of the seat to play now, built from what that seat may see (seatView) and the cards played. */
export function playViewOf(state: BoardState): PlayView {
  const seat = turnOf(state);
  const player = actingSeat(state);
  const view = player && seatView(state, player);
  if (!seat || !player || !view?.contract || view.contract.level === 0 || !view.declarer || view.auction.length < 4 || !view.hands[seat])
    throw new RangeError('No card is to be played now');
  return {
    seat,
    player,
    declarer: view.declarer,
    trumps: view.contract.strain === 'NT' ? null : view.contract.strain,
    hands: view.hands,
    plays: state.plays,
    auction: view.auction.map(({ seat: caller, call }) => ({ seat: caller, call })),
  };
}

/**
 * The robot's card for the seat acting now (declarer chooses dummy's). With `bestCards`, the cards that keep the
 * double-dummy result, it chooses among those only; otherwise among the legal cards. Either way the choice
 * follows what a human would do: low from equals, top of a sequence when leading, the usual signals.
 */
export function robotPlay(state: BoardState, options: { bestCards?: readonly Card[] } = {}): Card {
  return heuristicPlay(playViewOf(state), options.bestCards);
}

/** The cards the seat to play may play, read from its view: any card when leading, else the suit led when it holds one. */
export function legalCardsOf(view: PlayView): Card[] {
  const hand = [...(view.hands[view.seat] ?? [])];
  const lead = trickOf(view)[0];
  const following = lead ? hand.filter((card) => suitOf(card) === suitOf(lead.card)) : [];
  return following.length > 0 ? following : hand;
}

/**
 * A simple player's card from what its seat sees, among `among` when given (and legal), else among the legal
 * cards: standard leads, second hand low, third hand high, cover an honour, win cheaply, ruff, draw trumps,
 * cash winners, signal and discard from a suit that is no use.
 */
export function heuristicPlay(view: PlayView, among?: readonly Card[]): Card {
  const legal = legalCardsOf(view);
  if (legal.length === 0) throw new RangeError('The seat to play holds no card');
  const allowed = among?.filter((card) => legal.includes(card)) ?? [];
  const table = new Table(view, sortHighToLow(allowed.length > 0 ? allowed : legal));
  return table.trick.length === 0 ? table.lead() : table.follow();
}

const ALL_CARDS: readonly Card[] = SUIT_ORDER.flatMap((suit) => [...RANKS].map((rank) => suit + rank));
const ACE = rankValue('SA');
const QUEEN = rankValue('SQ');
const JACK = rankValue('SJ');
const TEN = rankValue('ST');
const NINE = rankValue('S9');

const sortHighToLow = (cards: readonly Card[]): Card[] =>
  [...cards].sort((a, b) => SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b)) || rankValue(b) - rankValue(a));
const lowest = (cards: readonly Card[]): Card => cards.at(-1)!;
const inSuit = (cards: readonly Card[], suit: Suit): Card[] => cards.filter((card) => suitOf(card) === suit);
const suitsIn = (cards: readonly Card[]): Suit[] => SUIT_ORDER.filter((suit) => cards.some((card) => suitOf(card) === suit));
/** The card of the same suit one rank below, if any. */
const cardBelow = (card: Card): Card | undefined => {
  const index = RANKS.indexOf(rankOf(card)) + 1;
  return index >= 0 && index < RANKS.length ? suitOf(card) + RANKS[index] : undefined;
};
/** The cards of the suit ranked strictly between two cards. */
const between = (high: Card, low: Card): Card[] =>
  [...RANKS.slice(RANKS.indexOf(rankOf(high)) + 1, RANKS.indexOf(rankOf(low)))].map((rank) => suitOf(high) + rank);
const honourPoints = (cards: readonly Card[]) => cards.reduce((sum, card) => sum + Math.max(0, rankValue(card) - JACK + 1), 0);

function trickOf(view: PlayView): PlayedCard[] {
  return view.plays.slice(view.plays.length - (view.plays.length % 4));
}

/** One decision: the view, the cards allowed (high to low by suit) and what follows from them. */
class Table {
  readonly trick: PlayedCard[];
  readonly partner: Seat;
  readonly hand: readonly Card[];
  private readonly played: Set<Card>;
  /** Cards the player cannot place: neither played nor in a hand it sees. */
  private readonly unseen: Set<Card>;

  constructor(
    readonly view: PlayView,
    readonly options: readonly Card[],
  ) {
    this.trick = trickOf(view);
    this.partner = partnerOf(view.seat);
    this.hand = sortHighToLow(view.hands[view.seat] ?? []);
    this.played = new Set(view.plays.map((play) => play.card));
    const seen = new Set(Object.values(view.hands).flat());
    this.unseen = new Set(ALL_CARDS.filter((card) => !this.played.has(card) && !seen.has(card)));
  }

  private get declaring(): boolean {
    return sideOf(this.view.seat) === sideOf(this.view.declarer);
  }

  private holding(seat: Seat): readonly Card[] | undefined {
    return this.view.hands[seat];
  }

  /** Our side's cards the player sees: its hand, and partner's when visible. */
  private ours(card: Card): boolean {
    return this.hand.includes(card) || (this.holding(this.partner)?.includes(card) ?? false);
  }

  /** Whether a card is the highest left in its suit, counting our side's own higher cards as no threat. */
  private master(card: Card): boolean {
    return ALL_CARDS.filter((other) => suitOf(other) === suitOf(card) && rankValue(other) > rankValue(card)).every(
      (other) => this.played.has(other) || this.ours(other),
    );
  }

  /** Two cards of the hand are equals when every card ranked between them is played or in the same hand. */
  private equals(a: Card, b: Card): boolean {
    if (suitOf(a) !== suitOf(b)) return false;
    const [high, low] = rankValue(a) > rankValue(b) ? [a, b] : [b, a];
    return between(high, low).every((card) => this.played.has(card) || this.hand.includes(card));
  }

  /** The top of the allowed cards equal to `card`: the top of a sequence when leading. */
  private topOfEquals(card: Card): Card {
    return this.options.find((other) => this.equals(other, card)) ?? card;
  }

  // Leads

  lead(): Card {
    if (this.view.plays.length === 0) return this.openingLead();
    return this.declaring ? this.declarerLead() : this.defenderLead();
  }

  /** The opening lead: partner's suit, a sequence, then the longest suit (no trumps) or the safest (a suit contract). */
  private openingLead(): Card {
    for (const suit of this.openingLeadOrder()) {
      const card = this.allowed(this.openingLeadIn(suit));
      if (card) return card;
    }
    return this.options[0]!;
  }

  private openingLeadOrder(): Suit[] {
    const trumps = this.view.trumps;
    const partnerSuit = this.partnerBidSuit();
    const sequence = (suit: Suit) => this.sequenceLength(inSuit(this.hand, suit)) >= (trumps ? 2 : 3);
    const preference = (suit: Suit) =>
      (suit === partnerSuit ? 40_000 : 0) +
      (suit === trumps ? -80_000 : 0) +
      (sequence(suit) ? 20_000 + this.sequenceLength(inSuit(this.hand, suit)) * 1000 + rankValue(inSuit(this.hand, suit)[0]!) : 0) +
      (trumps ? this.leadSafety(suit) * 2000 : 0) +
      this.suitRank(suit);
    return suitsIn(this.hand).sort((a, b) => preference(b) - preference(a));
  }

  private openingLeadIn(suit: Suit): Card {
    const cards = inSuit(this.hand, suit);
    if (suit === this.partnerBidSuit()) return this.leadInPartnerSuit(cards);
    if (this.sequenceLength(cards) >= (this.view.trumps ? 2 : 3)) return cards[0]!;
    // An ace-high suit chosen all the same: lead the ace rather than away from it against a suit contract.
    if (this.view.trumps && rankValue(cards[0]!) === ACE && cards.length > 1) return cards[0]!;
    return this.lengthLead(cards);
  }

  /** The card itself when allowed, else the top of its allowed equals. */
  private allowed(card: Card): Card | undefined {
    return this.options.includes(card) ? card : this.options.find((other) => this.equals(other, card));
  }

  /** How many cards from the top of a suit's honours touch (played cards between them counting as touching). */
  private sequenceLength(cards: readonly Card[]): number {
    if (cards.length < 2 || rankValue(cards[0]!) < TEN) return 0;
    let length = 1;
    while (length < cards.length && this.equals(cards[length - 1]!, cards[length]!)) length++;
    return length;
  }

  /** Fourth best from four or more, low from an honour, top of nothing. */
  private lengthLead(cards: readonly Card[]): Card {
    if (cards.length >= 4) return cards[3]!;
    if (cards.length === 3 && rankValue(cards[0]!) >= JACK) return lowest(cards);
    return cards[0]!;
  }

  /** The order of suits to lead from by length, then honours. */
  private suitRank(suit: Suit): number {
    const cards = inSuit(this.hand, suit);
    return cards.length * 100 + honourPoints(cards);
  }

  /** Against a suit contract: not away from a king without the ace, nor away from an ace; a singleton when holding trumps. */
  private leadSafety(suit: Suit): number {
    const cards = inSuit(this.hand, suit);
    const has = (rank: string) => cards.some((card) => rankOf(card) === rank);
    let safety = 0;
    if (has('K') && !has('A') && cards.length > 1) safety -= 3;
    if (has('A') && !has('K')) safety -= 2;
    if (has('Q') && !has('K') && cards.length > 1) safety -= 1;
    if (cards.length === 1 && this.view.trumps && inSuit(this.hand, this.view.trumps).length > 0) safety += 2;
    return safety;
  }

  private leadInPartnerSuit(cards: readonly Card[]): Card {
    if (this.sequenceLength(cards) >= 2 || cards.length <= 2) return cards[0]!;
    if (this.view.trumps && rankValue(cards[0]!) === ACE) return cards[0]!;
    return rankValue(cards[0]!) >= JACK ? lowest(cards) : cards[0]!;
  }

  /** The last suit partner bid, if it is not trumps. */
  private partnerBidSuit(): Suit | null {
    const bid = this.view.auction.findLast(({ seat, call }) => seat === this.partner && isBid(call) && bidStrain(call) !== 'NT');
    const suit = bid && isBid(bid.call) ? (bidStrain(bid.call) as Suit) : null;
    return suit === this.view.trumps ? null : suit;
  }

  private declarerLead(): Card {
    const trumps = this.view.trumps;
    const dummyHand = this.holding(this.partner) ?? [];
    if (trumps) {
      const ours = inSuit(this.hand, trumps).length + inSuit(dummyHand, trumps).length;
      const theirs = [...this.unseen].filter((card) => suitOf(card) === trumps).length;
      const myTrumps = inSuit(this.options, trumps);
      // Draw trumps while the opponents hold some and we hold clearly more.
      if (theirs > 0 && myTrumps.length > 0 && (ours >= theirs + 3 || ours >= 2 * theirs))
        return this.master(myTrumps[0]!) ? this.topOfEquals(myTrumps[0]!) : lowest(myTrumps);
    }
    const winners = this.options.filter((card) => suitOf(card) !== trumps && this.master(card));
    if (winners.length > 0) {
      // Cash from the short hand first, so the long hand keeps its winners.
      const shortness = (card: Card) => inSuit(this.hand, suitOf(card)).length - inSuit(dummyHand, suitOf(card)).length;
      return this.topOfEquals([...winners].sort((a, b) => shortness(a) - shortness(b))[0]!);
    }
    // Establish the longest suit of the partnership, leading low towards the other hand.
    const suits = suitsIn(this.options).sort(
      (a, b) =>
        Number(a === trumps) - Number(b === trumps) ||
        inSuit(this.hand, b).length + inSuit(dummyHand, b).length - (inSuit(this.hand, a).length + inSuit(dummyHand, a).length),
    );
    return lowest(inSuit(this.options, suits[0]!));
  }

  private defenderLead(): Card {
    const trumps = this.view.trumps;
    const dummy = partnerOf(this.view.declarer);
    const dummyHand = this.holding(dummy) ?? [];
    // A suit dummy can ruff gives declarer a trick.
    const ruffedByDummy = (suit: Suit) =>
      trumps !== null && suit !== trumps && inSuit(dummyHand, suit).length === 0 && inSuit(dummyHand, trumps).length > 0;
    const winner = this.options.find((card) => suitOf(card) !== trumps && this.master(card) && !ruffedByDummy(suitOf(card)));
    if (winner) return this.topOfEquals(winner);
    const partnerLead = this.view.plays.filter((play, i) => i % 4 === 0 && play.seat === this.partner).at(-1);
    const returned = partnerLead ? inSuit(this.options, suitOf(partnerLead.card)) : [];
    if (returned.length > 0 && suitOf(returned[0]!) !== trumps) return returned.length === 2 ? this.topOfEquals(returned[0]!) : lowest(returned);
    const suits = suitsIn(this.options).sort(
      (a, b) =>
        Number(a === trumps || ruffedByDummy(a)) - Number(b === trumps || ruffedByDummy(b)) ||
        inSuit(this.options, b).length - inSuit(this.options, a).length,
    );
    const cards = inSuit(this.options, suits[0]!);
    return this.sequenceLength(cards) >= 2 ? cards[0]! : lowest(cards);
  }

  // Following

  follow(): Card {
    const led = suitOf(this.trick[0]!.card);
    if (this.options.some((card) => suitOf(card) === led)) {
      if (this.trick.length === 1) return this.secondHand();
      if (this.trick.length === 2) return this.thirdHand();
      return this.fourthHand();
    }
    return this.ruffOrDiscard();
  }

  private power(card: Card): number {
    const led = suitOf(this.trick[0]!.card);
    return (suitOf(card) === this.view.trumps ? 200 : suitOf(card) === led ? 100 : 0) + rankValue(card);
  }

  private winning(): PlayedCard {
    return this.trick.reduce((best, play) => (this.power(play.card) > this.power(best.card) ? play : best));
  }

  /** The cheapest allowed card that beats the trick so far, if any. */
  private cheapestWinner(): Card | undefined {
    const toBeat = this.power(this.winning().card);
    return [...this.options].reverse().find((card) => this.power(card) > toBeat);
  }

  /** Whether a seat still to play to this trick may beat `card` by following suit: its cards if seen, else any card we cannot place. */
  private mayBeBeatenBy(seat: Seat, card: Card): boolean {
    const higher = (other: Card) => suitOf(other) === suitOf(card) && rankValue(other) > rankValue(card);
    const hand = this.holding(seat);
    if (!hand) return [...this.unseen].some(higher);
    if (hand.some(higher)) return true;
    // A seen hand out of the suit led ruffs over a plain card.
    const led = suitOf(this.trick[0]!.card);
    return (
      this.view.trumps !== null &&
      suitOf(card) !== this.view.trumps &&
      !hand.some((other) => suitOf(other) === led) &&
      inSuit(hand, this.view.trumps).length > 0
    );
  }

  private nextLowerUnplayed(card: Card): Card | undefined {
    let lower = cardBelow(card);
    while (lower && this.played.has(lower)) lower = cardBelow(lower);
    return lower;
  }

  private secondHand(): Card {
    const led = this.trick[0]!;
    const cover = [...this.options].reverse().find((card) => rankValue(card) >= TEN && this.power(card) > this.power(led.card));
    const leaderHand = this.holding(led.seat);
    const fromSequence = leaderHand?.includes(this.nextLowerUnplayed(led.card) ?? '') ?? false;
    const fourth = seatAfter(this.view.seat);
    // Cover an honour with an honour: not the first of touching honours seen in dummy, nor when the last hand is seen to capture the cover.
    if (rankValue(led.card) >= JACK && cover && !fromSequence && !(this.holding(fourth) && this.mayBeBeatenBy(fourth, cover))) return cover;
    return this.lowOrSignal();
  }

  private thirdHand(): Card {
    const fourth = seatAfter(this.view.seat);
    const best = this.winning();
    // Partner's honour is not overtaken; a spot card that the last hand may beat is.
    if (best.seat === this.partner && (rankValue(best.card) >= TEN || !this.mayBeBeatenBy(fourth, best.card))) return this.lowOrSignal();
    const winner = this.cheapestWinner();
    if (!winner) return this.lowOrSignal();
    if (this.holding(fourth)) {
      // The last hand is seen: play just high enough to hold the trick against it, or low when nothing does.
      const holds = [...this.options].reverse().find((card) => this.power(card) > this.power(best.card) && !this.mayBeBeatenBy(fourth, card));
      return holds ?? this.lowOrSignal();
    }
    // Third hand high, but only as high as needed: the lowest card that does as much as the top one, given that the
    // cards between them are seen in hands that have already played (a finesse against dummy).
    const top = this.options[0]!;
    const asGood = [...this.options]
      .reverse()
      .find((card) => this.power(card) > this.power(best.card) && between(top, card).every((other) => !this.unseen.has(other)));
    return asGood ?? top;
  }

  private fourthHand(): Card {
    if (this.winning().seat === this.partner) return this.lowOrSignal();
    return this.cheapestWinner() ?? this.lowOrSignal();
  }

  private ruffOrDiscard(): Card {
    const trumps = this.view.trumps;
    const best = this.winning();
    if (trumps && best.seat !== this.partner) {
      const ruff = [...inSuit(this.options, trumps)].reverse().find((card) => this.power(card) > this.power(best.card));
      if (ruff) return ruff;
    }
    return this.discard();
  }

  /** Low from the shortest suit that is of no use: one without a winner or a high honour, never trumps while another suit is left. */
  private discard(): Card {
    const trumps = this.view.trumps;
    const suits = suitsIn(this.options);
    const use = (suit: Suit) => {
      const cards = inSuit(this.hand, suit);
      return (
        (suit === trumps ? 100 : 0) + (cards.some((card) => this.master(card)) ? 10 : 0) + (cards.some((card) => rankValue(card) >= QUEEN) ? 5 : 0)
      );
    };
    const suit = suits.sort((a, b) => use(a) - use(b) || inSuit(this.hand, a).length - inSuit(this.hand, b).length)[0]!;
    return lowest(inSuit(this.options, suit));
  }

  /**
   * Following with no intention of winning. A defender following partner's lead gives attitude and count: a high
   * spot card with an even number of cards or an honour in the suit (high-low), else the lowest.
   */
  private lowOrSignal(): Card {
    const led = suitOf(this.trick[0]!.card);
    const cards = inSuit(this.options, led);
    const followingPartner = this.trick[0]!.seat === this.partner && !this.declaring;
    if (!followingPartner) return lowest(cards);
    const held = inSuit(this.hand, led);
    const encouraging = held.length % 2 === 0 || held.some((card) => rankValue(card) >= QUEEN);
    const spots = cards.filter((card) => rankValue(card) <= NINE);
    return encouraging && spots.length >= 2 ? spots[0]! : lowest(cards);
  }
}
