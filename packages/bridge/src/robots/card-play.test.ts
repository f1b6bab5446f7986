import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, SUIT_ORDER, type Deal, type Hand } from '../deal.ts';
import { DEAL_COUNT, dealFromIndex } from '../random-deal.ts';
import { SEATS, type Seat } from '../types.ts';
import { actingSeat, legalPlays, remainingHand, startBoard, tricksWon, type BoardState } from '../table/board-play.ts';
import { BIDS, type Bid } from '../table/calls.ts';
import { suitOf, type Card } from '../table/cards.ts';
import { visibleHands } from '../table/seat-view.ts';
import { act, bidding, playing } from '../table/table-test-helper.ts';
import { robotPlay } from './card-play.ts';

const ALL_CARDS = SUIT_ORDER.flatMap((suit) => [...RANKS].map((rank) => suit + rank));

function handOf(cards: readonly Card[]): Hand {
  const hand: Hand = { S: '', H: '', D: '', C: '' };
  for (const card of [...cards].sort((a, b) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b))) hand[suitOf(card)] += card.slice(1);
  return hand;
}

const cardsOf = (text: string): Card[] => text.split('.').flatMap((ranks, s) => [...ranks].map((rank) => SUIT_ORDER[s]! + rank));

/** A deal with the hands given (as `S.H.D.C` ranks); the other seats get the rest of the pack in order. */
function dealWith(given: Partial<Record<Seat, string>>): Deal {
  const taken = new Set(Object.values(given).flatMap(cardsOf));
  const rest = ALL_CARDS.filter((card) => !taken.has(card));
  const deal = {} as Deal;
  for (const seat of SEATS) deal[seat] = handOf(given[seat] ? cardsOf(given[seat]) : rest.splice(0, 13));
  return deal;
}

/** Board 1 (North deals) bid to `bid` by `declarer`: passes up to declarer, the bid, three passes. */
function contracted(deal: Deal, declarer: Seat, bid: Bid, board = 1): BoardState {
  const state = startBoard(board, deal);
  const passes = (SEATS.indexOf(declarer) - SEATS.indexOf(state.dealer) + 4) % 4;
  return bidding(state, ...Array<'Pass'>(passes).fill('Pass'), bid, 'Pass', 'Pass', 'Pass');
}

/** Plays the rest of the board with robots at all four seats, every card through the engine (which refuses an illegal one). */
function robotsPlayOut(state: BoardState, bestCards?: (state: BoardState) => Card[]): BoardState {
  let current = state;
  while (!current.result)
    current = act(current, actingSeat(current)!, { type: 'play', card: robotPlay(current, { bestCards: bestCards?.(current) }) });
  return current;
}

/** A small repeatable generator (mulberry32). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same board with the unplayed cards of the hands the acting seat may not see dealt again among those hands. */
function hiddenHandsRedealt(state: BoardState, seed: number): BoardState {
  const random = generator(seed);
  const hidden = SEATS.filter((seat) => !visibleHands(state, actingSeat(state)!).includes(seat));
  const pool = hidden.flatMap((seat) => remainingHand(state, seat));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const deal = { ...state.deal };
  for (const seat of hidden) {
    const played = state.plays.filter((play) => play.seat === seat).map((play) => play.card);
    deal[seat] = handOf([...played, ...pool.splice(0, remainingHand(state, seat).length)]);
  }
  return { ...state, deal };
}

const deals = fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n });
const contracts = fc.record({ declarer: fc.constantFrom(...SEATS), bid: fc.constantFrom(...BIDS) });

describe('robots at all four seats', () => {
  it('play every board to its end, each card legal, thirteen tricks', () => {
    fc.assert(
      fc.property(deals, contracts, (dealIndex, { declarer, bid }) => {
        const end = robotsPlayOut(contracted(dealFromIndex(dealIndex), declarer, bid));
        expect(end.plays).toHaveLength(52);
        const won = tricksWon(end);
        expect(won.ns + won.ew).toBe(13);
        expect(end.result).not.toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it('choose only among the best cards when the solver gives some, whatever they are', () => {
    fc.assert(
      fc.property(deals, contracts, fc.integer(), (dealIndex, { declarer, bid }, seed) => {
        const random = generator(seed);
        let state = contracted(dealFromIndex(dealIndex), declarer, bid);
        while (!state.result) {
          const legal = legalPlays(state);
          const best = legal.filter(() => random() < 0.4);
          if (best.length === 0) best.push(legal[Math.floor(random() * legal.length)]!);
          const card = robotPlay(state, { bestCards: best });
          expect(best).toContain(card);
          state = act(state, actingSeat(state)!, { type: 'play', card });
        }
      }),
      { numRuns: 30 },
    );
  });

  it('never change their card when the hands they may not see are dealt differently', () => {
    fc.assert(
      fc.property(deals, contracts, fc.integer(), (dealIndex, { declarer, bid }, seed) => {
        let state = contracted(dealFromIndex(dealIndex), declarer, bid);
        let redealtSomething = false;
        while (!state.result) {
          const card = robotPlay(state);
          const redealt = hiddenHandsRedealt(state, seed + state.plays.length);
          redealtSomething ||= SEATS.some((seat) => remainingHand(redealt, seat).join() !== remainingHand(state, seat).join());
          expect(robotPlay(redealt)).toBe(card);
          state = act(state, actingSeat(state)!, { type: 'play', card });
        }
        expect(redealtSomething).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('ignore best cards that are not legal, choosing among the legal cards instead', () => {
    const state = playing(contracted(dealWith({ W: 'AK.543.543.Q7654', E: 'QJT.JT9.JT9.JT98' }), 'S', '3NT'), 'SA');
    // Dummy (North) follows in spades: a heart is no choice.
    expect(suitOf(robotPlay(state, { bestCards: ['HA'] }))).toBe('S');
  });
});

// North deals board 1. South declares 3NT after West passes; West leads, North is dummy.
const SPADES_TO_PARTNER = dealWith({ N: '432.AKQ2.AKQ2.32', E: 'QJT.JT9.JT9.JT98', W: 'AK.543.543.Q7654' });

describe('low from equals and signals', () => {
  const afterDummy = playing(contracted(SPADES_TO_PARTNER, 'S', '3NT'), 'SA', 'S2');

  it('plays the lowest of equal cards following to a trick partner wins: the ten from QJ10', () => {
    expect(robotPlay(afterDummy)).toBe('ST');
  });

  it('plays the lowest of equal best cards too', () => {
    expect(robotPlay(afterDummy, { bestCards: ['SQ', 'SJ', 'ST'] })).toBe('ST');
    expect(robotPlay(afterDummy, { bestCards: ['SJ', 'SQ'] })).toBe('SJ');
  });

  it("gives count on partner's lead: high-low with a doubleton, low from three small", () => {
    const doubleton = dealWith({ N: '432.AKQ2.AKQ2.32', E: '87.JT95.JT9.JT98', W: 'AK.643.543.Q7654' });
    expect(robotPlay(playing(contracted(doubleton, 'S', '3NT'), 'SA', 'S2'))).toBe('S8');
    const three = dealWith({ N: '432.AKQ2.AKQ2.32', E: '875.JT9.JT9.JT98', W: 'AK.643.543.Q7654' });
    expect(robotPlay(playing(contracted(three, 'S', '3NT'), 'SA', 'S2'))).toBe('S5');
  });

  it('encourages with an honour: a high spot card from Q-8-5', () => {
    const honour = dealWith({ N: '432.AKQ2.AKQ2.32', E: 'Q85.JT9.JT9.JT98', W: 'AK.643.543.Q7654' });
    expect(robotPlay(playing(contracted(honour, 'S', '3NT'), 'SA', 'S2'))).toBe('S8');
  });

  it('as declarer, follows low: no signals for the defenders to read', () => {
    // West leads the ace of spades; dummy (North) holds 8-7-2 and follows with the two.
    const state = playing(contracted(dealWith({ N: '872.AKQ2.AKQ2.32', W: 'AK.643.543.Q7654' }), 'S', '3NT'), 'SA');
    expect(robotPlay(state)).toBe('S2');
  });
});

describe('opening leads', () => {
  it.each([
    ['the top of a sequence against no trumps', 'KQJ5.863.974.J82', '3NT', 'SK'],
    ['the top of a sequence against a suit contract', 'T63.KQ5.J974.J82', '4S', 'HK'],
    ['fourth best from the longest suit against no trumps', 'K9753.82.Q64.J82', '3NT', 'S5'],
    ['not away from a king without the ace against a suit contract', '82.K743.8642.J95', '4S', 'D2'],
  ])('leads %s', (_name, west, bid, lead) => {
    expect(robotPlay(contracted(dealWith({ W: west }), 'S', bid as Bid))).toBe(lead);
  });

  it("leads partner's bid suit", () => {
    // East overcalls 1H over North's 1C; South declares 3NT; West leads low from K-7-3 in partner's suit.
    const state = bidding(startBoard(1, dealWith({ W: 'KQJ5.K73.974.J82' })), '1C', '1H', '3NT', 'Pass', 'Pass', 'Pass');
    expect(robotPlay(state)).toBe('H3');
  });

  it('leads the top of a sequence among the best cards', () => {
    const state = contracted(dealWith({ W: 'KQJ5.863.974.J82' }), 'S', '3NT');
    expect(robotPlay(state, { bestCards: ['SQ', 'SJ', 'SK'] })).toBe('SK');
  });
});

describe('second, third and fourth hand', () => {
  // West leads the two of hearts against South's 3NT, dummy (North) plays low, East is third hand.
  const thirdHand = (east: string, north: string) =>
    playing(contracted(dealWith({ W: 'J8.T982.K64.9532', E: east, N: north }), 'S', '3NT'), 'H2', 'H3');

  it('plays third hand high', () => {
    expect(robotPlay(thirdHand('KT6.K74.Q975.JT8', '754.J63.A32.AKQ7'))).toBe('HK');
  });

  it('plays only as high as needed: the lower of touching honours', () => {
    expect(robotPlay(thirdHand('KT6.QJ4.Q975.JT8', '754.K63.A32.AKQ7'))).toBe('HJ');
  });

  it('finesses against dummy: the queen from A-Q over the king dummy holds', () => {
    expect(robotPlay(thirdHand('KT6.AQ4.Q975.JT8', '754.K63.A32.AKQ7'))).toBe('HQ');
  });

  it("does not overtake partner's honour: encourages with a high spot card instead", () => {
    // West leads the king from K-Q; East holds A-7-5.
    const state = playing(contracted(dealWith({ W: 'J8.KQ82.K64.9532', E: 'KT6.A75.Q975.JT8', N: '754.J63.A32.AKQ7' }), 'S', '3NT'), 'HK', 'H3');
    expect(robotPlay(state)).toBe('H7');
  });

  it('plays second hand low, and covers an honour with an honour', () => {
    // 4S by South; West leads a club to declarer's ace, then declarer leads the queen of hearts.
    const base = (north: string) =>
      playing(contracted(dealWith({ S: 'AKQJ.Q32.432.A32', W: '65.K84.AKQ.KQJT9', N: north }), 'S', '4S'), 'CK', 'C4', 'C5', 'CA');
    expect(robotPlay(playing(base('T987.765.8765.64'), 'HQ'))).toBe('HK');
    // Dummy, last to play, is seen to hold the ace: the king stays home.
    expect(robotPlay(playing(base('T987.A65.8765.64'), 'HQ'))).toBe('H4');
    // A low card led: second hand low.
    expect(robotPlay(playing(base('T987.765.8765.64'), 'H2'))).toBe('H4');
  });

  it('wins as cheaply as it can in fourth seat', () => {
    // West leads the two of hearts, dummy plays the ten, East the jack: South wins with the queen from A-Q.
    const state = playing(
      contracted(dealWith({ W: 'J8.9852.K64.9532', E: 'KT6.KJ4.Q975.JT8', N: '754.T63.A32.AKQ7', S: 'AQ932.AQ7.JT8.64' }), 'S', '3NT'),
      'H2',
      'H3',
      'HJ',
    );
    expect(robotPlay(state)).toBe('HQ');
  });
});

describe('ruffs, discards and declarer play', () => {
  // 4S by South with eight trumps: West leads the king of clubs, won by South's ace.
  const fourSpades = (north: string, west = '65.AKQJ.AKQ.KQJT') =>
    playing(contracted(dealWith({ S: 'AKQJ.432.432.A32', N: north, W: west }), 'S', '4S'), 'CK', 'C4', 'C7', 'CA');

  it('draws trumps with a clear majority of them', () => {
    expect(robotPlay(fourSpades('T987.765.765.654'))).toBe('SA');
  });

  it('ruffs when void in the suit led and the opponents are winning', () => {
    // Dummy has no hearts: on West's ace of hearts it ruffs with its lowest trump.
    const state = contracted(dealWith({ S: 'AKQJ.432.AK2.A32', N: 'T987..876543.654', W: '65.AKQJ.QJ.KQJT9' }), 'S', '4S');
    expect(robotPlay(playing(state, 'HA'))).toBe('S7');
  });

  it('discards low from its shortest useless suit, keeping its winners', () => {
    // 3NT by South: West cashes spades; East, out of spades, keeps the diamond ace and discards a club from the shortest suit of no use.
    const state = contracted(dealWith({ W: 'AKQJ5.862.97.J82', E: '2.KQJ5.AT64.T943', N: '864.A73.KQ2.AK76' }), 'S', '3NT');
    expect(robotPlay(playing(state, 'SA', 'S4', 'S2', 'S3', 'SK', 'S6'))).toBe('C3');
  });

  it('cashes its winners as declarer, from the short hand first', () => {
    // South declares 3NT; West leads the king of hearts, East signals low, South wins with the ace and cashes diamonds.
    const state = contracted(dealWith({ S: 'A32.A32.AK.AT987', N: '654.654.QJT9.KQ2', W: 'KQJ.KQJT.876.J65' }), 'S', '3NT');
    let played = playing(state, 'HK', 'H4');
    for (const expected of ['H7', 'HA', 'DA']) {
      expect(robotPlay(played)).toBe(expected);
      played = playing(played, expected);
    }
  });
});
