import { describe, expect, it } from 'vitest';
import { BIDS, bidLevel, bidStrain, isBid, parseCall } from './calls.ts';
import { handCards, parseCard, rankOf, suitOf } from './cards.ts';

describe('calls as players type them', () => {
  it.each([
    ['1nt', '1NT'],
    ['1N', '1NT'],
    [' 7nt ', '7NT'],
    ['4s', '4S'],
    ['2C', '2C'],
    ['P', 'Pass'],
    ['pass', 'Pass'],
    ['x', 'X'],
    ['XX', 'XX'],
  ])('reads %j as %s', (text, call) => {
    expect(parseCall(text)).toBe(call);
  });

  it.each(['', '0C', '8S', '1', '1NTX', 'XXX', 'double', '1SN'])('refuses %j', (text) => {
    expect(parseCall(text)).toBeNull();
  });

  it('orders the 35 bids from 1C to 7NT, with level and strain', () => {
    expect(BIDS).toHaveLength(35);
    expect([BIDS[0], BIDS[4], BIDS[5], BIDS[34]]).toEqual(['1C', '1NT', '2C', '7NT']);
    expect([bidLevel('3NT'), bidStrain('3NT'), bidLevel('7D'), bidStrain('7D')]).toEqual([3, 'NT', 7, 'D']);
    expect(['1C', 'Pass', 'X', 'XX', '7NT'].map((call) => isBid(call as never))).toEqual([true, false, false, false, true]);
  });
});

describe('cards as players type them', () => {
  it.each([
    ['SA', 'SA'],
    ['sa', 'SA'],
    ['s10', 'ST'],
    ['hT', 'HT'],
    ['D2', 'D2'],
  ])('reads %j as %s', (text, card) => {
    expect(parseCard(text)).toBe(card);
  });

  it.each(['', 'S1', 'AS', 'X2', 'S', 'SAK'])('refuses %j', (text) => {
    expect(parseCard(text)).toBeNull();
  });

  it('lists a hand spades first, each suit from the ace down', () => {
    expect(handCards({ S: '2A', H: '', D: 'TJ9', C: 'K' })).toEqual(['SA', 'S2', 'DJ', 'DT', 'D9', 'CK']);
    expect([suitOf('HT'), rankOf('HT')]).toEqual(['H', 'T']);
  });
});
