import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('takes the singular for one and the plural for zero, two and more', () => {
    expect(plural(1, 'event')).toBe('1 event');
    expect(plural(0, 'event')).toBe('0 events');
    expect(plural(2, 'event')).toBe('2 events');
    expect(plural(14, 'event')).toBe('14 events');
  });

  it('uses a given plural form and groups thousands', () => {
    expect(plural(1, { one: 'new user', other: 'new users' })).toBe('1 new user');
    expect(plural(1200, { one: 'match', other: 'matches' })).toBe('1,200 matches');
    expect(pluralWord(1, { one: 'table', other: 'tables' })).toBe('table');
    expect(pluralWord(3, 'table')).toBe('tables');
  });
});
