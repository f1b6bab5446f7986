import { EventType, videoChannelName } from '@bridge/api';

export interface TournamentRecord {
  id: string;
  key: string;
  tables: number;
  details: string;
}

export interface EventDetails {
  type: number;
  typeName: string;
  players: number;
}

/** The record's `details` JSON string, read leniently: a field missing or malformed gets a neutral value. */
export function readDetails(details: string): EventDetails {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(details);
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    // a record without readable details still lists its tables
  }
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
  return {
    type: number(value.type),
    typeName: typeof value.typeName === 'string' ? value.typeName : '',
    players: Math.max(0, Math.floor(number(value.players))),
  };
}

export interface TableOption {
  /** Unique among the options (players of a type 5 event share one channel). */
  value: string;
  label: string;
  /** The signalling channel. */
  channel: string;
}

/**
 * What the join page offers: 'Player N' for a player-based (solitaire) event (every player in one channel, the
 * event key), else 'Table N' with a channel per table ('{key}table{i}', zero-based).
 */
export function tableOptions(tournament: TournamentRecord): TableOption[] {
  const { type, players } = readDetails(tournament.details);
  if (type === EventType.solitaire) {
    return Array.from({ length: players }, (_, i) => ({
      value: `player${i}`,
      label: `Player ${i + 1}`,
      channel: videoChannelName(tournament.key, type, i),
    }));
  }
  return Array.from({ length: tournament.tables }, (_, i) => ({
    value: `table${i}`,
    label: `Table ${i + 1}`,
    channel: videoChannelName(tournament.key, type, i),
  }));
}

/** The event key of a channel name ('{key}table{i}' or the key itself). */
export const keyOfChannel = (channel: string): string => /^(.+)table\d{1,4}$/.exec(channel)?.[1] ?? channel;
