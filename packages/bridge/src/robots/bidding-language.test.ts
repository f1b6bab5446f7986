import { describe, expect, it } from 'vitest';
import { BiddingRuleError, compileRule, explain, formatCall, parseCall, type BiddingRule, type RobotCall } from './bidding-language.ts';
import { BIDDING_SYSTEM } from './bidding-system.ts';

describe('the rules of the system', () => {
  it('all read as rules', () => {
    for (const rule of BIDDING_SYSTEM) expect(() => compileRule(rule)).not.toThrow();
  });

  it('all end with a catch-all that passes, so every auction has an answer', () => {
    const last = BIDDING_SYSTEM.at(-1)!;
    expect(last).toMatchObject({ auction: '...', call: 'Pass' });
    expect(last.when).toBeUndefined();
  });
});

describe('a rule', () => {
  const rule = (overrides: Partial<BiddingRule>): BiddingRule => ({ auction: '1x (P)', call: '1y', explanation: 'Four or more {y}', ...overrides });

  it('reads the auction from the first bid, with the opponents in parentheses and the robot next', () => {
    const compiled = compileRule(rule({ auction: '1x (P) 1y (2z)' }));
    expect(compiled.patterns[0]!.tokens.map((token) => token.ours)).toEqual([true, false, true, false]);
    expect([...compiled.patterns[0]!.variables]).toEqual(['x', 'y', 'z']);
  });

  it.each([
    ['1x 1y', 'an opponent in parentheses where the side is ours'],
    ['(1x) (P)', 'parentheses on our own call'],
    ['(P) 1x (P)', 'a leading pass'],
    ['1q (P)', 'an unknown call'],
  ])('refuses the auction "%s" (%s)', (auction) => {
    expect(() => compileRule(rule({ auction }))).toThrow(BiddingRuleError);
  });

  it('refuses an unknown call, an impossible range and an empty explanation', () => {
    expect(() => compileRule(rule({ call: 'cheapest q' }))).toThrow(BiddingRuleError);
    expect(() => compileRule(rule({ call: '8NT' }))).toThrow(BiddingRuleError);
    expect(() => compileRule(rule({ when: { hcp: [12, 45] } }))).toThrow(BiddingRuleError);
    expect(() => compileRule(rule({ when: { lengths: { y: [5, 4] } } }))).toThrow(BiddingRuleError);
    expect(() => compileRule(rule({ explanation: ' ' }))).toThrow(BiddingRuleError);
  });

  it('knows whether it looks at the hand', () => {
    expect(compileRule(rule({})).looksAtHand).toBe(false);
    expect(compileRule(rule({ when: { forced: true } })).looksAtHand).toBe(false);
    expect(compileRule(rule({ when: { hcp: [6, 37] } })).looksAtHand).toBe(true);
  });

  it('names the suits in its explanation', () => {
    expect(
      explain(
        'Five or more {x}, a stopper in {y}',
        new Map([
          ['x', 'H'],
          ['y', 'C'],
        ]),
      ),
    ).toBe('Five or more hearts, a stopper in clubs');
  });
});

describe('calls', () => {
  const calls: RobotCall[] = ['Pass', 'X', 'XX', '1C', '1NT', '3H', '7NT', '7S'];
  it.each(calls)('%s reads and writes back unchanged', (call) => {
    expect(formatCall(parseCall(call))).toBe(call);
  });

  it('refuses what is not a call', () => {
    expect(() => parseCall('8C' as RobotCall)).toThrow(RangeError);
    expect(() => parseCall('1N' as RobotCall)).toThrow(RangeError);
  });
});
