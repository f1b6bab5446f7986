import type { PlayTableState } from '@bridge/api';
import { describe, expect, it } from 'vitest';
import { tableState } from '../../testing/play-state';
import { announcement } from './announcement';
import { watchedSeat } from './components/watch-seat';
import { handToPlay, legalCallsNow, playableCards, readTyped, seatPlaces, sortForDisplay, toCall, turnWords } from './table-model';

// The shared frame (testing/play-state.ts), at table 1 with South's cards in another order and robots around Pia.
const base: PlayTableState = tableState({
  table: 1,
  hands: { S: ['SA', 'S2', 'HK', 'D7', 'C3', 'CT', 'H2', 'DA', 'SJ', 'C9', 'D4', 'H9', 'S5'] },
  players: {
    N: { name: 'Robot', robot: true, away: null },
    E: { name: 'Robot', robot: true, away: null },
    S: { name: 'Pia', robot: false, away: null },
    W: { name: 'Robot', robot: true, away: null },
  },
});
const call = (seat: 'N' | 'E' | 'S' | 'W', c: string) => ({ seat, call: c, alert: false });

describe('the table model', () => {
  it('puts the viewer at the bottom, the left-hand opponent on the left, partner at the top', () => {
    expect(seatPlaces('S')).toEqual({ bottom: 'S', left: 'W', top: 'N', right: 'E' });
    expect(seatPlaces('E')).toEqual({ bottom: 'E', left: 'S', top: 'W', right: 'N' });
  });

  it('sorts a hand by suit in alternating colours, each suit from the ace down', () => {
    expect(sortForDisplay(base.hands.S!)).toEqual(['SA', 'SJ', 'S5', 'S2', 'HK', 'H9', 'H2', 'CT', 'C9', 'C3', 'DA', 'D7', 'D4']);
  });

  it('offers only the calls legal now, and none when it is not the viewer who calls', () => {
    expect(legalCallsNow(base)).toEqual([]);
    const southToCall = { ...base, auction: [call('N', '1S'), call('E', 'Pass')], turn: 'S' as const };
    const legal = legalCallsNow(southToCall);
    expect(legal).not.toContain('1H');
    expect(legal).not.toContain('1S');
    expect(legal).toContain('1NT');
    expect(legal).toContain('Pass');
    // A double is for an opponent's bid: South's partner bid last.
    expect(legal).not.toContain('X');
    expect(readTyped(southToCall, '1nt')).toEqual({ type: 'call', call: '1NT' });
    expect(readTyped(southToCall, 'p')).toEqual({ type: 'call', call: 'Pass' });
    expect(readTyped(southToCall, '1h')).toBeNull();
  });

  it('plays a card of the suit led when the hand holds one; declarer plays from dummy on dummy’s turn', () => {
    const play = {
      ...base,
      contract: { level: 4, strain: 'S' as const, doubled: 0 },
      declarer: 'S' as const,
      auction: [call('N', 'Pass')],
      hands: { ...base.hands, N: ['HA', 'C2'] },
      trick: [{ seat: 'W' as const, card: 'H5' }],
      turn: 'N' as const,
    };
    expect(handToPlay(play)).toBe('N');
    expect(playableCards(play, 'N')).toEqual(['HA']);
    expect(readTyped(play, 'c2')).toBeNull();
    expect(readTyped(play, 'ha')).toEqual({ type: 'play', card: 'HA' });
    expect(turnWords(play)).toBe('Your card from dummy (North)');
    // Dummy itself never plays.
    expect(handToPlay({ ...play, seat: 'N', declarer: 'S', turn: 'N' })).toBeNull();
  });

  it('gives a kibitzer neither calls nor cards to play, even with dummy on show, and turns the table to the seat watched', () => {
    const watching = { ...base, seat: null, kibitzer: true, hands: {} };
    const auction = { ...watching, auction: [call('N', '1S'), call('E', 'Pass')], turn: 'S' as const };
    expect(toCall(auction)).toBe(false);
    expect(legalCallsNow(auction)).toEqual([]);
    expect(readTyped(auction, 'p')).toBeNull();
    const play = {
      ...watching,
      contract: { level: 4, strain: 'S' as const, doubled: 0 },
      declarer: 'S' as const,
      hands: { N: ['HA', 'C2'] },
      trick: [{ seat: 'W' as const, card: 'H5' }],
      turn: 'N' as const,
    };
    expect(handToPlay(play)).toBeNull();
    expect(readTyped(play, 'ha')).toBeNull();
    expect(turnWords(play)).toBe('North to play');
    expect(seatPlaces('W')).toEqual({ bottom: 'W', left: 'N', top: 'E', right: 'S' });
  });

  it('reads the seat watched from the address, South when there is none or it is not a seat', () => {
    expect(watchedSeat('E')).toBe('E');
    expect(watchedSeat('W')).toBe('W');
    expect(watchedSeat(null)).toBe('S');
    expect(watchedSeat('X')).toBe('S');
    expect(watchedSeat('e')).toBe('S');
  });

  it('says each new call and card, then whose turn it is', () => {
    const before = { ...base, auction: [call('N', '1S')], turn: 'E' as const };
    const after = { ...base, auction: [call('N', '1S'), { ...call('E', '2C'), alert: true }], turn: 'S' as const };
    expect(announcement(before, after)).toBe('East: 2 clubs, alerted. Your call.');
    const trickBefore = {
      ...base,
      contract: { level: 1, strain: 'S' as const, doubled: 0 },
      declarer: 'N' as const,
      trick: [
        { seat: 'E' as const, card: 'HT' },
        { seat: 'S' as const, card: 'H2' },
      ],
      turn: 'W' as const,
    };
    const trickAfter = {
      ...trickBefore,
      trick: [],
      lastTrick: [...trickBefore.trick, { seat: 'W' as const, card: 'HK' }, { seat: 'N' as const, card: 'HA' }],
      tricks: { ns: 1, ew: 0 },
      turn: 'N' as const,
    };
    expect(announcement(trickBefore, trickAfter)).toBe(
      'West plays the king of hearts. North plays the ace of hearts. Tricks: North-South 1, East-West 0. North to play.',
    );
  });

  it('says a claim was rejected and that play goes on', () => {
    const playing: PlayTableState = {
      ...base,
      seat: 'E',
      contract: { level: 3, strain: 'NT', doubled: 0 },
      declarer: 'N',
      trick: [{ seat: 'E', card: 'C2' }],
    };
    const claimed: PlayTableState = { ...playing, turn: null, claim: { seat: 'N', tricks: 9, awaiting: ['E', 'W'] } };
    const rejected: PlayTableState = { ...playing, turn: 'S', disputed: { seat: 'N', tricks: 9, rejectedBy: 'W', left: 13 } };
    expect(announcement(claimed, rejected)).toBe("West rejects North's claim: play goes on. South to play.");
  });
});
