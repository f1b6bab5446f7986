import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVulnerable, sideOf } from '../board.ts';
import { RANKS } from '../deal.ts';
import { DEAL_COUNT } from '../random-deal.ts';
import { scoreContract } from '../scoring.ts';
import { SEATS, type Seat } from '../types.ts';
import {
  actingSeat,
  applyAction,
  awaitedAnswers,
  contractOf,
  currentTrick,
  declarerOf,
  dummyOf,
  lastTrick,
  legalPlays,
  openingLead,
  remainingHand,
  tricksWon,
  turnOf,
  type Actor,
  type BoardState,
  OPENING_LEAD_STANDS,
  type TableAction,
} from './board-play.ts';
import { handCards } from './cards.ts';
import { ONE_SUIT_EACH, TOP_CARDS_NORTH, act, bidding, boardOf, playing, randomBoard } from './table-test-helper.ts';

const refusal = (state: BoardState, actor: Actor, action: TableAction): string => {
  const outcome = applyAction(state, actor, action);
  if (outcome.ok) throw new Error(`${String(actor)} ${JSON.stringify(action)} was accepted`);
  return outcome.message;
};

/** 4♠ by North, not vulnerable: East to lead, South is dummy. */
const fourSpades = () => bidding(boardOf(TOP_CARDS_NORTH, 1), '1S', 'Pass', '4S', 'Pass', 'Pass', 'Pass');

describe('the auction at the table', () => {
  it('takes calls in turn from the dealer, with alerts and explanations', () => {
    const state = act(boardOf(TOP_CARDS_NORTH, 2), 'E', { type: 'call', call: '2C', alert: true, explanation: '  strong, any shape ' });
    expect(state.auction).toEqual([{ seat: 'E', call: '2C', alert: true, explanation: 'strong, any shape' }]);
    expect(turnOf(state)).toBe('S');
    expect(refusal(state, 'W', { type: 'call', call: 'Pass' })).toBe("It is South's turn to call");
    expect(refusal(state, 'S', { type: 'call', call: '1NT' })).toBe('1NT is not sufficient over 2C');
    expect(refusal(state, 'S', { type: 'call', call: 'XX' })).toBe("A redouble is allowed only over an opponent's double of your side's bid");
  });

  it('reads a call written as players type it', () => {
    expect(act(boardOf(TOP_CARDS_NORTH), 'N', { type: 'call', call: '1nt' as never }).auction[0]!.call).toBe('1NT');
    expect(refusal(boardOf(TOP_CARDS_NORTH), 'N', { type: 'call', call: '8NT' as never })).toBe('"8NT" is not a call');
  });

  it('ends a board passed out with no play and a score of 0', () => {
    const state = bidding(boardOf(TOP_CARDS_NORTH, 3), 'Pass', 'Pass', 'Pass', 'Pass');
    expect(state.result).toEqual({ tricks: 0, score: 0 });
    expect(contractOf(state)).toEqual({ level: 0, strain: 'NT', doubled: 0 });
    expect([turnOf(state), declarerOf(state), dummyOf(state)]).toEqual([null, null, null]);
    expect(legalPlays(state)).toEqual([]);
    expect(refusal(state, 'W', { type: 'play', card: 'S4' })).toBe('The board is over');
  });

  it('gives the contract, declarer and dummy when the auction ends, and the lead to declarer’s left', () => {
    const state = fourSpades();
    expect([contractOf(state), declarerOf(state), dummyOf(state), turnOf(state)]).toEqual([{ level: 4, strain: 'S', doubled: 0 }, 'N', 'S', 'E']);
    expect(refusal(state, 'E', { type: 'call', call: 'Pass' })).toBe('The auction is over');
  });
});

describe('the play', () => {
  it('refuses an opening lead from any seat but declarer’s left', () => {
    const state = fourSpades();
    expect(refusal(state, 'W', { type: 'play', card: 'S4' })).toBe("It is East's turn to play");
    expect(refusal(state, 'N', { type: 'play', card: 'SA' })).toBe("It is East's turn to play");
    expect(refusal(state, 'S', { type: 'play', card: 'S7' })).toBe("Dummy takes no part in the play: declarer plays dummy's cards");
    expect(openingLead(act(state, 'E', { type: 'play', card: 'CJ' }))).toBe('CJ');
  });

  it('lets declarer play dummy’s cards and refuses dummy', () => {
    const state = playing(fourSpades(), 'CJ');
    expect([turnOf(state), actingSeat(state)]).toEqual(['S', 'N']);
    expect(refusal(state, 'S', { type: 'play', card: 'C5' })).toBe("Dummy takes no part in the play: declarer plays dummy's cards");
    expect(refusal(state, 'W', { type: 'play', card: 'C2' })).toBe("It is dummy's turn: North plays dummy's cards");
    expect(refusal(state, 'N', { type: 'play', card: 'CA' })).toBe("CA is not in dummy's hand");
    const next = act(state, 'N', { type: 'play', card: 'c5' });
    expect(currentTrick(next)).toEqual([
      { seat: 'E', card: 'CJ' },
      { seat: 'S', card: 'C5' },
    ]);
    expect(remainingHand(next, 'S')).not.toContain('C5');
  });

  it('makes a player follow suit when able', () => {
    const state = playing(fourSpades(), 'CJ');
    expect(legalPlays(state)).toEqual(['C7', 'C6', 'C5']);
    expect(refusal(state, 'N', { type: 'play', card: 'H8' })).toBe("A card of the suit led must be played from dummy's hand (clubs)");
    const west = playing(state, 'C5');
    expect(refusal(west, 'W', { type: 'play', card: 'D2' })).toBe('A card of the suit led must be played from your hand (clubs)');
    expect(refusal(west, 'W', { type: 'play', card: 'CJ' })).toBe('CJ is not in your hand');
    expect(refusal(west, 'W', { type: 'play', card: 'ace' })).toBe('"ace" is not a card');
  });

  it('lets a player void in the suit led play any card', () => {
    const state = playing(bidding(boardOf(ONE_SUIT_EACH, 2), '1H', 'Pass', 'Pass', 'Pass'), 'DA');
    expect(legalPlays(state)).toEqual(remainingHand(state, 'W'));
    expect(legalPlays(state)).toHaveLength(13);
  });

  it('gives the trick to the highest card of the suit led at no-trump', () => {
    const state = playing(bidding(boardOf(ONE_SUIT_EACH, 2), '1NT', 'Pass', 'Pass', 'Pass'), 'D2', 'CA', 'SA', 'HA');
    expect(tricksWon(state)).toEqual({ ns: 1, ew: 0 });
    expect(turnOf(state)).toBe('S');
    expect(lastTrick(state)!.map((play) => play.seat)).toEqual(['S', 'W', 'N', 'E']);
  });

  it('gives the trick to a trump over the suit led', () => {
    const hearts = playing(bidding(boardOf(ONE_SUIT_EACH, 2), '1H', 'Pass', 'Pass', 'Pass'), 'DA', 'C2', 'S2', 'H2');
    expect([tricksWon(hearts), turnOf(hearts)]).toEqual([{ ns: 0, ew: 1 }, 'E']);
    const spades = playing(bidding(boardOf(ONE_SUIT_EACH, 2), 'Pass', 'Pass', 'Pass', '1S', 'Pass', 'Pass', 'Pass'), 'HA', 'D2', 'C2', 'S2');
    expect([tricksWon(spades), turnOf(spades)]).toEqual([{ ns: 1, ew: 0 }, 'N']);
  });

  it('lets dummy’s winning card lead the next trick, played by declarer', () => {
    // 1♠ by South: North, dummy, ruffs West's club lead.
    const state = playing(bidding(boardOf(ONE_SUIT_EACH, 2), 'Pass', '1S', 'Pass', 'Pass', 'Pass'), 'CA', 'S2', 'HA', 'D2');
    expect([dummyOf(state), turnOf(state), actingSeat(state)]).toEqual(['N', 'N', 'S']);
    expect(act(state, 'S', { type: 'play', card: 'SA' }).plays.at(-1)).toEqual({ seat: 'N', card: 'SA' });
  });
});

describe('claims', () => {
  const afterFirstTrick = () => playing(fourSpades(), 'CJ', 'C5', 'C2', 'CA');

  it('ends the board when both defenders accept declarer’s claim', () => {
    let state = act(afterFirstTrick(), 'N', { type: 'claim', tricks: 12, statement: 'all high' });
    expect(state.claim).toEqual({ seat: 'N', tricks: 12, statement: 'all high', accepted: [] });
    expect([awaitedAnswers(state), turnOf(state)]).toEqual([['E', 'W'], null]);
    expect(refusal(state, 'S', { type: 'claimResponse', accept: true })).toBe("Only the claimer's opponents answer a claim");
    expect(refusal(state, 'N', { type: 'claimResponse', accept: true })).toBe("Only the claimer's opponents answer a claim");
    expect(refusal(state, 'E', { type: 'play', card: 'CK' })).toBe('A claim is waiting for an answer');
    state = act(state, 'E', { type: 'claimResponse', accept: true });
    expect([state.result, awaitedAnswers(state)]).toEqual([null, ['W']]);
    expect(refusal(state, 'E', { type: 'claimResponse', accept: true })).toBe('You have already accepted the claim');
    state = act(state, 'W', { type: 'claimResponse', accept: true });
    expect(state.result).toEqual({ tricks: 13, score: scoreContract({ level: 4, strain: 'S', doubled: 0 }, 13, false) });
    expect([state.claim, turnOf(state)]).toEqual([null, null]);
  });

  it('takes declarer’s word alone on a defender’s claim, as dummy does not answer', () => {
    let state = act(afterFirstTrick(), 'E', { type: 'claim', tricks: 2 });
    expect(awaitedAnswers(state)).toEqual(['N']);
    state = act(state, 'N', { type: 'claimResponse', accept: true });
    expect(state.result).toEqual({ tricks: 11, score: 450 });
  });

  it('withdraws a rejected claim: play goes on at once from where it stood, and the dispute is kept', () => {
    let state = act(afterFirstTrick(), 'E', { type: 'claim', tricks: 2, statement: 'a trump trick' });
    state = act(state, 'N', { type: 'claimResponse', accept: false });
    expect(state.claim).toBeNull();
    expect(state.disputed).toEqual({ seat: 'E', tricks: 2, statement: 'a trump trick', rejectedBy: 'N', plays: 4, left: 12, won: { ns: 1, ew: 0 } });
    expect([awaitedAnswers(state), turnOf(state), actingSeat(state)]).toEqual([[], 'N', 'N']);
    expect(refusal(state, 'N', { type: 'claimResponse', accept: true })).toBe('There is no claim to answer');
    state = act(state, 'N', { type: 'play', card: 'SA' });
    expect(state.plays.length).toBe(5);
    // A claim may be made again; a second rejection is the dispute now.
    state = act(playing(state, 'S8', 'S5', 'S2'), 'N', { type: 'claim', tricks: 11 });
    state = act(state, 'W', { type: 'claimResponse', accept: false });
    expect(state.disputed).toMatchObject({ seat: 'N', tricks: 11, rejectedBy: 'W', plays: 8, left: 11, won: { ns: 2, ew: 0 } });
  });

  it('lets the director rule on the last disputed claim while the board is in play, from where the claim stood', () => {
    let state = act(afterFirstTrick(), 'E', { type: 'claim', tricks: 2 });
    state = act(state, 'N', { type: 'claimResponse', accept: false });
    state = playing(state, 'SA', 'S8', 'S5', 'S2');
    expect(refusal(state, 'N', { type: 'directorRuling', tricks: 0 })).toBe('Only the director rules on a claim');
    expect(refusal(state, 'director', { type: 'directorRuling', tricks: 13 })).toBe('A ruling gives 0 to 12 of the tricks left at the claim');
    // The ruling counts from the claim, whatever was played since: East's side gets 1 of the 12, declarer 1 + 11.
    state = act(state, 'director', { type: 'directorRuling', tricks: 1 });
    expect(state.result).toEqual({ tricks: 12, score: 480 });
    expect([state.claim, state.undo, turnOf(state)]).toEqual([null, null, null]);
  });

  it('lets the director rule over a claim or undo request that waits', () => {
    let state = act(act(afterFirstTrick(), 'E', { type: 'claim', tricks: 2 }), 'N', { type: 'claimResponse', accept: false });
    state = act(playing(state, 'SA'), 'N', { type: 'claim', tricks: 11 });
    state = act(state, 'director', { type: 'directorRuling', tricks: 0 });
    expect([state.result?.tricks, state.claim]).toEqual([13, null]);
  });

  it('refuses claims outside the play, by dummy, or for more than the tricks left', () => {
    expect(refusal(boardOf(TOP_CARDS_NORTH), 'N', { type: 'claim', tricks: 13 })).toBe('A claim is made during the play');
    expect(refusal(afterFirstTrick(), 'S', { type: 'claim', tricks: 1 })).toBe("Dummy takes no part in the play: declarer plays dummy's cards");
    expect(refusal(afterFirstTrick(), 'N', { type: 'claim', tricks: 13 })).toBe('A claim is for 0 to 12 of the remaining tricks');
    expect(refusal(afterFirstTrick(), 'N', { type: 'claim', tricks: 1.5 })).toBe('A claim is for 0 to 12 of the remaining tricks');
    expect(refusal(afterFirstTrick(), 'E', { type: 'claimResponse', accept: true })).toBe('There is no claim to answer');
    expect(refusal(afterFirstTrick(), 'director', { type: 'directorRuling', tricks: 1 })).toBe('The director rules only on a disputed claim');
  });
});

describe('undo', () => {
  it('takes back a call when an opponent consents', () => {
    let state = bidding(boardOf(TOP_CARDS_NORTH), '1S');
    state = act(state, 'N', { type: 'undo' });
    expect([turnOf(state), awaitedAnswers(state)]).toEqual([null, ['E', 'W']]);
    expect(refusal(state, 'E', { type: 'call', call: 'Pass' })).toBe('An undo request is waiting for an answer');
    expect(refusal(state, 'S', { type: 'undoResponse', accept: true })).toBe('Only the opponents of the player asking answer an undo request');
    state = act(state, 'E', { type: 'undoResponse', accept: true });
    expect([state.auction, state.undo, turnOf(state)]).toEqual([[], null, 'N']);
  });

  it('keeps the call when an opponent refuses', () => {
    const asked = act(bidding(boardOf(TOP_CARDS_NORTH), '1S'), 'N', { type: 'undo' });
    const state = act(asked, 'W', { type: 'undoResponse', accept: false });
    expect([state.auction.length, state.undo, turnOf(state)]).toEqual([1, null, 'E']);
  });

  it('takes back only one’s own last call or card, before anything follows it', () => {
    const state = bidding(boardOf(TOP_CARDS_NORTH), '1S', 'Pass');
    expect(refusal(state, 'N', { type: 'undo' })).toBe('Only your own last call can be undone, before anyone acts after it');
    expect(refusal(boardOf(TOP_CARDS_NORTH), 'N', { type: 'undo' })).toBe('There is nothing to undo');
    expect(refusal(playing(fourSpades(), 'CJ'), 'W', { type: 'undo' })).toBe('Only your own last card can be undone, before anyone acts after it');
    expect(refusal(state, 'N', { type: 'undoResponse', accept: true })).toBe('There is no undo request to answer');
  });

  it('takes back a defender’s card with declarer’s consent; dummy does not answer', () => {
    const played = playing(fourSpades(), 'CJ', 'C5', 'C2', 'CA', 'SA', 'S8', 'S5', 'S2');
    let state = act(played, 'W', { type: 'undo' });
    expect(awaitedAnswers(state)).toEqual(['N']);
    expect(refusal(state, 'S', { type: 'undoResponse', accept: true })).toBe('Only the opponents of the player asking answer an undo request');
    state = act(state, 'N', { type: 'undoResponse', accept: true });
    expect([state.plays.length, turnOf(state)]).toEqual([7, 'W']);
  });

  it('never takes back the opening lead: dummy is faced (Law 41)', () => {
    const led = playing(fourSpades(), 'CJ');
    expect(refusal(led, 'E', { type: 'undo' })).toBe(OPENING_LEAD_STANDS);
    expect(led.undo).toBeNull();
    // The last pass of the auction may still be taken back before the lead.
    expect(act(fourSpades(), 'E', { type: 'undo' }).undo).toEqual({ seat: 'E' });
  });

  it('lets declarer take back dummy’s card, never dummy', () => {
    const played = playing(fourSpades(), 'CJ', 'C5');
    expect(refusal(played, 'S', { type: 'undo' })).toBe("Dummy takes no part in the play: declarer plays dummy's cards");
    const state = act(act(played, 'N', { type: 'undo' }), 'W', { type: 'undoResponse', accept: true });
    expect([state.plays.length, turnOf(state), actingSeat(state)]).toEqual([1, 'S', 'N']);
  });
});

describe('an illegal action', () => {
  const deepFreeze = <T>(value: T): T => {
    if (value && typeof value === 'object') {
      Object.values(value).forEach(deepFreeze);
      Object.freeze(value);
    }
    return value;
  };

  it('is refused with a message and leaves the state as it was', () => {
    const attempts: [BoardState, Actor, TableAction][] = [
      [boardOf(TOP_CARDS_NORTH), 'E', { type: 'call', call: 'Pass' }],
      [bidding(boardOf(TOP_CARDS_NORTH), '1S'), 'E', { type: 'call', call: '1H' }],
      [fourSpades(), 'N', { type: 'play', card: 'SA' }],
      [playing(fourSpades(), 'CJ'), 'N', { type: 'play', card: 'H8' }],
      [playing(fourSpades(), 'CJ'), 'S', { type: 'claim', tricks: 3 }],
      [fourSpades(), 'W', { type: 'undo' }],
      [fourSpades(), 'director', { type: 'play', card: 'CJ' }],
      [fourSpades(), 'Q' as Seat, { type: 'play', card: 'CJ' }],
      [fourSpades(), 'E', { type: 'shuffle' } as never],
    ];
    for (const [state, actor, action] of attempts) {
      const before = structuredClone(state);
      const outcome = applyAction(deepFreeze(state), actor, action);
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? '' : outcome.message).toMatch(/^\S.+/);
      expect(state).toEqual(before);
    }
  });
});

describe('whole boards played at random', () => {
  const deals = fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n });
  const boards = fc.integer({ min: 1, max: 32 });
  const seeds = fc.integer();
  const power = (card: string, led: string, trumps: string | undefined) =>
    (card[0] === trumps ? 200 : card[0] === led ? 100 : 0) + 13 - RANKS.indexOf(card[1]!);

  it('end after 13 tricks of legal play, scored by Law 77 for declarer’s tricks', () => {
    fc.assert(
      fc.property(deals, boards, seeds, (dealIndex, board, seed) => {
        const states = randomBoard(dealIndex, board, seed);
        const final = states.at(-1)!;
        const contract = contractOf(final)!;
        if (contract.level === 0) {
          expect([final.plays, final.result]).toEqual([[], { tricks: 0, score: 0 }]);
          return;
        }
        expect(final.plays).toHaveLength(52);
        const won = tricksWon(final);
        expect(won.ns + won.ew).toBe(13);
        const declarer = declarerOf(final)!;
        const tricks = sideOf(declarer) === 'NS' ? won.ns : won.ew;
        const score = scoreContract(contract, tricks, isVulnerable(final.vulnerability, declarer));
        expect(final.result).toEqual({ tricks, score: sideOf(declarer) === 'NS' ? score : -score });
        // Replay the cards: each seat plays its own hand, follows suit when it can, and the winner leads.
        const held = Object.fromEntries(SEATS.map((seat) => [seat, new Set(handCards(final.deal[seat]))])) as Record<Seat, Set<string>>;
        const trumps = contract.strain === 'NT' ? undefined : contract.strain;
        let leader: Seat = SEATS[(SEATS.indexOf(declarer) + 1) % 4]!;
        for (let t = 0; t < 13; t++) {
          const trick = final.plays.slice(4 * t, 4 * t + 4);
          const led = trick[0]!.card[0]!;
          trick.forEach(({ seat, card }, i) => {
            expect(seat).toBe(SEATS[(SEATS.indexOf(leader) + i) % 4]);
            expect(held[seat].has(card)).toBe(true);
            if (card[0] !== led) expect([...held[seat]].some((other) => other[0] === led)).toBe(false);
            held[seat].delete(card);
          });
          leader = trick.reduce((best, play) => (power(play.card, led, trumps) > power(best.card, led, trumps) ? play : best)).seat;
        }
      }),
      { numRuns: 150 },
    );
  });
});
