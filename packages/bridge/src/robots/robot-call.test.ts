import { describe, expect, it } from 'vitest';
import { parseDeal, type Hand } from '../deal.ts';
import { SEATS, type Vulnerability } from '../types.ts';
import { robotCall, type RobotCall } from './robot-call.ts';

/** A hand written like PBN, spades first: 'AKQ2.T98.765.432'. */
const hand = (text: string): Hand => parseDeal(`N:${text} - - -`).N!;

/**
 * The robot's call holding `handText` after `auction` (North dealt; P is a pass), so the robot sits wherever the
 * auction makes it next. The table allows every call here: the robot's own choice is under test.
 */
function bid(handText: string, auction: string, vulnerability: Vulnerability = 'None') {
  const calls = auction
    .split(' ')
    .filter(Boolean)
    .map((call) => (call === 'P' ? 'Pass' : call) as RobotCall);
  const seat = SEATS[calls.length % 4]!;
  return robotCall(hand(handText), seat, 'N', calls, vulnerability, () => true);
}

type Case = [handText: string, auction: string, call: RobotCall];
const checkCases = (cases: Case[]) =>
  it.each(cases)('%s after "%s" bids %s', (handText, auction, call) => {
    const answer = bid(handText, auction);
    expect(answer.call).toBe(call);
    expect(answer.explanation.length).toBeGreaterThan(0);
  });

describe('openings', () => {
  checkCases([
    ['AQ3.KJ4.Q987.K32', '', '1NT'], // 15, balanced
    ['AK3.KQ3.AQ54.Q32', '', '2NT'], // 20, balanced
    ['AKQ.AKQ3.AQ54.32', '', '2C'], // 24
    ['AKJ54.K32.Q5.432', '', '1S'], // 13, five spades
    ['AK543.KQ432.5.32', '', '1S'], // 5-5 in the majors: the higher
    ['AK543.2.KQ5432.3', '', '1D'], // six diamonds and five spades: the longer
    ['K32.A4.KJ54.Q432', '', '1D'], // no five-card suit, 4-4 in the minors
    ['AK32.KJ32.Q32.32', '', '1D'], // 4-4 in the majors, three diamonds
    ['AK32.K43.Q32.432', '', '1C'], // 3-3 in the minors
    ['KQJ932.54.J32.32', '', '2S'], // 7, six spades
    ['32.KQJ932.J32.32', '', '2H'],
    ['32.32.KQJ932.J32', '', '2D'],
    ['32.J32.32.KQJ932', '', 'Pass'], // no weak two in clubs
    ['32.2.KQJ9532.432', '', '3D'], // seven diamonds, not vulnerable
    ['AQ32.K32.J32.432', '', 'Pass'], // 10
    ['AQ32.K32.J32.432', 'P P P', 'Pass'], // fourth seat: the same
  ]);

  it('a seven-card suit with 6 HCP pre-empts only when not vulnerable', () => {
    expect(bid('32.2.KQJ9532.432', '', 'None').call).toBe('3D');
    expect(bid('32.2.KQJ9532.432', '', 'NS').call).toBe('Pass');
    expect(bid('32.2.KQJ9532.432', '', 'EW').call).toBe('3D');
  });

  it('explains an opening in words, naming the suit', () => {
    expect(bid('AKJ54.K32.Q5.432', '')).toEqual({ call: '1S', explanation: '12-21 HCP, five or more spades' });
    expect(bid('AQ3.KJ4.Q987.K32', '').explanation).toBe('15-17 HCP, balanced');
  });
});

describe('responses to one of a suit', () => {
  checkCases([
    ['K32.Q432.5432.32', '1H P', 'Pass'], // 5
    ['K32.Q432.K432.32', '1H P', '2H'], // 8, four hearts
    ['K32.Q432.AQ32.32', '1H P', '3H'], // 11, limit raise
    ['KJ32.32.K432.432', '1H P', '1S'], // 7, four spades
    ['K32.32.K432.Q432', '1H P', '1NT'], // 8, nothing at the one level
    ['K3.32.A32.KQ5432', '1H P', '2C'], // 12, six clubs
    ['K32.32.AJ32.KJ32', '1H P', '2NT'], // 12, balanced
    ['K32.32.AQ32.KJ32', '1H P', '3NT'], // 13, balanced
    ['32.432.KJ432.K32', '1D P', '2D'], // 7, five diamonds, no major
    ['KJ32.Q432.32.432', '1C P', '1H'], // four-card suits up the line
    ['KJ432.Q5432.2.32', '1C P', '1S'], // five-card suits: the higher
    ['K32.Q432.K432.32', '1H X', '2H'], // a double changes nothing
  ]);
});

describe("opener's rebids", () => {
  checkCases([
    ['K32.KQ32.A2.Q432', '1C P 1H P', '2H'], // 14, four hearts
    ['AK32.KQ32.A2.Q43', '1C P 1H P', '3H'], // 18, four hearts
    ['K3.A32.KQ432.Q32', '1D P 1S P', '1NT'], // 14, balanced
    ['AK3.A32.KQ43.Q32', '1D P 1S P', '2NT'], // 18, balanced
    ['K32.AQ2.J32.Q432', '1C P 1D P', '1NT'], // 12, balanced, no major
    ['A432.K2.Q32.AJ32', '1C P 1H P', '1S'], // four spades at the one level
    ['3.AKJ432.K32.Q32', '1H P 1S P', '2H'], // 13, six hearts
    ['3.AKJ432.AK2.Q32', '1H P 1S P', '3H'], // 17, six hearts
    ['3.AK432.32.KQ432', '1H P 1S P', '2C'], // new suit below the first
    ['3.AK32.AKQ32.432', '1D P 1S P', '2H'], // 16, reverse
    ['3.AKJ2.AKQ32.K32', '1D P 1S P', '3H'], // 20, jump shift
    ['AK432.K32.Q32.32', '1S P 1NT P', 'Pass'], // 12, balanced
    ['AKQ32.AK3.K32.32', '1S P 2S P', '4S'], // 19
    ['AKQ32.K32.Q32.32', '1S P 2S P', 'Pass'], // 14
    ['AKJ32.K32.Q32.32', '1S P 3S P', 'Pass'], // 13: declines the limit raise
    ['AKQ32.K32.K32.32', '1S P 3S P', '4S'], // 15: accepts
    ['K3.AJ432.Q32.K32', '1H P 2C P', '2NT'], // 13, balanced
  ]);
});

describe('no-trump auctions', () => {
  checkCases([
    ['Q5432.32.K32.432', '1NT P', '2H'], // transfer to spades
    ['32.QJ432.K32.432', '1NT P', '2D'], // transfer to hearts
    ['KJ32.Q432.K32.32', '1NT P', '2C'], // Stayman
    ['K32.Q32.K432.432', '1NT P', '2NT'], // 8, invitational
    ['K32.Q32.A432.K32', '1NT P', '3NT'], // 12
    ['K32.32.5432.5432', '1NT P', 'Pass'], // 3
    ['AK2.KJ32.Q32.K32', '1NT P 2C P', '2H'],
    ['AK32.KJ2.Q32.K32', '1NT P 2C P', '2S'],
    ['AK2.KJ2.Q432.K32', '1NT P 2C P', '2D'],
    ['AK2.K2.Q5432.K32', '1NT P 2D P', '2H'], // completes the transfer, even with two hearts
    ['AK2.K32.Q432.K32', '1NT P 2H P', '2S'],
    ['AK2.KQ2.Q432.K32', '1NT P 2NT P', '3NT'], // 17
    ['AK2.K32.Q432.K32', '1NT P 2NT P', 'Pass'], // 15
    ['A2.KJ32.K432.Q32', '1NT P 2C P 2H P', '4H'], // 13 and a heart fit
    ['K2.KJ32.J432.J32', '1NT P 2C P 2H P', '3H'], // 9 and a heart fit: invites
    ['AK2.K32.Q432.K32', '1NT P 2D P 2H P 3NT P', '4H'], // three hearts
    ['AK2.K2.Q5432.K32', '1NT P 2D P 2H P 3NT P', 'Pass'], // two hearts
    ['K32.Q32.5432.432', '2NT P', '3NT'], // 5
    ['AKQ.AKQ3.AQ54.32', '2C P 2D P', '2NT'],
    ['5432.432.432.432', '2C P', '2D'], // waiting, whatever the hand
  ]);

  it('after a transfer, passes when weak and offers a choice of games with five cards and values', () => {
    expect(bid('32.QJ432.K32.432', '1NT P 2D P 2H P').call).toBe('Pass');
    expect(bid('K2.QJ432.K32.A32', '1NT P 2D P 2H P').call).toBe('3NT');
    expect(bid('K2.QJ5432.K32.A2', '1NT P 2D P 2H P').call).toBe('4H');
  });
});

describe('responses to pre-empts', () => {
  checkCases([
    ['AK2.AQ32.K432.32', '2S P', '4S'], // 16 with three spades
    ['K32.Q32.5432.K32', '2S P', '3S'], // 8 with three spades: raise the pre-empt
    ['2.AQ32.K432.K432', '2S P', 'Pass'], // 12, no fit
    ['A32.K32.A432.KQ2', '3H P', '4H'], // 16 with three hearts
  ]);
});

describe('competition', () => {
  checkCases([
    ['AQ2.KJ3.KQ32.432', '1H', '1NT'], // 15, balanced, hearts stopped
    ['AKJ32.32.Q32.432', '1H', '1S'], // 10, five spades
    ['A3.K32.32.AQJ432', '1S', '2C'], // 14, six clubs at the two level
    ['AQ32.3.KJ32.K432', '1H', 'X'], // 13, short hearts: takeout
    ['AQ2.KJ32.Q2.J432', '1H', 'Pass'], // 13, four hearts, no five-card suit
    ['KQJ932.32.432.32', '1C', '2S'], // weak jump overcall, not vulnerable
    ['KJ32.32.K432.432', '1C 1H', 'X'], // negative double: four spades
    ['K32.Q32.J432.432', '1H 2C', '2H'], // raises partner after the overcall
    ['KJ3.Q32.J432.Q32', '1D 1S', '1NT'], // 9, spades stopped
    ['AQ32.K2.J32.Q432', '1C 1H X P', '1S'], // after a negative double: the four-card spade suit
    ['KQ32.3.AJ32.K432', '1H P P', 'X'], // balancing takeout double
    ['5432.432.Q32.432', '1H X P', '1S'], // advancing a takeout double: the major, however weak
    ['KQ32.432.Q32.Q32', '1H X P', '2S'], // 9: jump
    ['KQ32.432.AQ2.K32', '1H X P', '2H'], // 14: cue-bid
    ['K32.432.Q432.J32', '1H 1S P', '2S'], // raises the overcall
    ['K2.AJ432.432.432', '1C 1H P P X P', 'Pass'], // partner's reopening double: pass for penalties
  ]);

  it("reads an opponent's bid as theirs, not partner's", () => {
    // Holding four spades and 10 HCP: after partner's 1H the robot bids 1S; after an opponent's 1H it has no overcall.
    expect(bid('KJ32.32.KQ2.J432', '1H P').call).toBe('1S');
    expect(bid('KJ32.32.KQ2.J432', '1H').call).toBe('Pass');
  });
});

describe('placing the contract', () => {
  checkCases([
    ['K32.QJ32.KJ2.K32', '1C P 1H P 1NT P', '3NT'], // 13 + 12: game
    ['K32.QJ32.KJ2.J32', '1C P 1H P 1NT P', '2NT'], // 11 + 12: invites
    ['A2.KQ432.32.A432', '1D P 1H P 2H P', '4H'], // 13 + 12 and a heart fit: game
    ['32.K432.Q32.Q432', '1D P 1H P 1NT P', 'Pass'], // 7 + 12: no game
    ['K32.Q32.AJ2.KJ32', '1C P 1H P 1NT P 2NT P', '3NT'], // 14 + 10 shown by the invitation: accepts
    ['K32.Q32.K32.KJ32', '1C P 1H P 1NT P 2NT P', 'Pass'], // 12 + 10: declines
    ['KQJ932.54.J32.32', '2S P 3H P', '3S'], // partner's new suit is forcing: the six-card suit again
  ]);
});

describe('what the table allows', () => {
  it('passes when the call the system wants is refused, and never returns a refused call', () => {
    const answer = robotCall(hand('AQ3.KJ4.Q987.K32'), 'N', 'N', [], 'None', (call) => call !== '1NT');
    expect(answer.call).toBe('Pass');
    expect(answer.explanation).not.toBe('');
  });

  it("throws when it is not the seat's turn, or when no call is legal", () => {
    expect(() => robotCall(hand('AQ3.KJ4.Q987.K32'), 'E', 'N', [], 'None', () => true)).toThrow(RangeError);
    expect(() => robotCall(hand('AQ3.KJ4.Q987.K32'), 'N', 'N', [], 'None', () => false)).toThrow(RangeError);
  });
});
