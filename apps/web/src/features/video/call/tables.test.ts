import { describe, expect, it } from 'vitest';
import { keyOfChannel, readDetails, tableOptions } from './tables';

const record = (details: object | string, tables = 3) => ({
  id: 'id1',
  key: 'abc123',
  tables,
  details: typeof details === 'string' ? details : JSON.stringify(details),
});

describe('join choices', () => {
  it('offers one channel per table, zero-based, labelled from 1', () => {
    expect(tableOptions(record({ type: 1, typeName: 'Pairs', players: 12 }))).toEqual([
      { value: 'table0', label: 'Table 1', channel: 'abc123table0' },
      { value: 'table1', label: 'Table 2', channel: 'abc123table1' },
      { value: 'table2', label: 'Table 3', channel: 'abc123table2' },
    ]);
  });

  it('offers players of a player-based event (type 5), all on the event key', () => {
    const options = tableOptions(record({ type: 5, typeName: 'Solitaire', players: 2 }));
    expect(options).toEqual([
      { value: 'player0', label: 'Player 1', channel: 'abc123' },
      { value: 'player1', label: 'Player 2', channel: 'abc123' },
    ]);
  });

  it('still lists tables when the details cannot be read', () => {
    expect(readDetails('not json')).toEqual({ type: 0, typeName: '', players: 0 });
    expect(tableOptions(record('not json', 2)).map((o) => o.label)).toEqual(['Table 1', 'Table 2']);
  });

  it('finds the event key of a channel', () => {
    expect(keyOfChannel('abc123table11')).toBe('abc123');
    expect(keyOfChannel('abc123')).toBe('abc123');
  });
});
