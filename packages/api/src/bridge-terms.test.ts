import { describe, expect, it } from 'vitest';
import { EventType, GameTypeSchema, seatNameOfLetter, seatNameOfSide, SeatLetterSchema, videoChannelName, VideoSeat } from './index.ts';

describe('the bridge terms of the contract', () => {
  it('number the game types as the specification does (section 3)', () => {
    expect(EventType).toEqual({ team: 0, pair: 1, rubber: 2, auction: 3, rummy: 4, solitaire: 5, ludo: 6, unknown: 7 });
    for (const type of Object.values(EventType)) expect(GameTypeSchema.safeParse(type).success).toBe(true);
    expect(videoChannelName('k1', EventType.solitaire, 3)).toBe('k1');
    expect(videoChannelName('k1', EventType.pair, 3)).toBe('k1table3');
  });

  it('name the seats by side code and by letter, and nothing else', () => {
    expect([0, 1, 2, 3].map(seatNameOfSide)).toEqual(['North', 'East', 'South', 'West']);
    expect([-1, 4, 99].map(seatNameOfSide)).toEqual([undefined, undefined, undefined]);
    expect(SeatLetterSchema.options.map((letter) => seatNameOfLetter[letter])).toEqual(['North', 'East', 'South', 'West']);
    expect(VideoSeat.options.slice(0, 4)).toEqual(['North', 'East', 'South', 'West']);
  });
});
