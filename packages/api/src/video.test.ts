import { describe, expect, it } from 'vitest';
import { parseVideoChannel, videoChannelName } from './video.ts';

describe('parseVideoChannel', () => {
  it('reads back every channel videoChannelName writes', () => {
    for (const index of [0, 1, 9, 10, 99, 1000])
      expect(parseVideoChannel(videoChannelName('AbC123xyz', 1, index))).toEqual({ key: 'AbC123xyz', table: index });
    expect(parseVideoChannel(videoChannelName('AbC123xyz', 5, 3))).toEqual({ key: 'AbC123xyz', table: null });
  });

  it('gives a table one spelling: leading zeros make no table, so no second room', () => {
    for (const alias of ['table00', 'table01', 'table007'])
      expect(parseVideoChannel(`AbC123xyz${alias}`)).toEqual({ key: `AbC123xyz${alias}`, table: null });
  });
});
