import { describe, expect, it } from 'vitest';
import { bySeat, cssRatio, gridColumns, isTileRatio } from './seats';

const person = (peerId: string, seat: Parameters<typeof bySeat>[0][number]['seat'], displayName = peerId) => ({ peerId, seat, displayName });

describe('tile order', () => {
  it('puts North, East, South and West first, then the organiser, directors and kibitzers', () => {
    const order = bySeat([
      person('k', 'Kibitzer'),
      person('w', 'West'),
      person('o', 'Organiser'),
      person('n', 'North'),
      person('d', 'Director'),
      person('s', 'South'),
      person('e', 'East'),
    ]);
    expect(order.map((p) => p.seat)).toEqual(['North', 'East', 'South', 'West', 'Organiser', 'Director', 'Kibitzer']);
  });

  it('orders kibitzers by name and keeps an unknown seat last', () => {
    const order = bySeat([person('me', null, 'Me'), person('b', 'Kibitzer', 'Bea'), person('a', 'Kibitzer', 'Al')]);
    expect(order.map((p) => p.displayName)).toEqual(['Al', 'Bea', 'Me']);
  });
});

describe('tile shapes and grid', () => {
  it('knows the four ratios of the specification', () => {
    expect(['4:3', '16:9', '1:1', '1:2'].every(isTileRatio)).toBe(true);
    expect(isTileRatio('3:2')).toBe(false);
    expect(cssRatio('16:9')).toBe('16 / 9');
  });

  it('lays four players out two by two, and one above the other on a phone for two', () => {
    expect(gridColumns(4, false)).toBe(2);
    expect(gridColumns(5, false)).toBe(3);
    expect(gridColumns(2, true)).toBe(1);
    expect(gridColumns(4, true)).toBe(2);
    expect(gridColumns(1, false)).toBe(1);
  });
});
