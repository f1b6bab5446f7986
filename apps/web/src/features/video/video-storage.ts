import { storageKeys } from '../../lib/storage';
import { DEFAULT_TILE_RATIO, isTileRatio, type TileRatio } from './call/seats';
import type { TournamentRecord } from './call/tables';

// The video pages' part of the local client state (specification section 3): the selected tournament (the
// "selected item"), the relay server list, and the devices and tile shape the user chose.
const keys = {
  tournament: storageKeys.selectedItem,
  relayServers: storageKeys.relayServers,
  media: 'bridge.videoMedia',
  ratio: 'bridge.videoRatio',
} as const;

function read<T>(key: string, check: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: nothing is kept
  }
}

const isTournament = (value: unknown): value is TournamentRecord =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as TournamentRecord).key === 'string' &&
  typeof (value as TournamentRecord).tables === 'number' &&
  typeof (value as TournamentRecord).details === 'string' &&
  typeof (value as TournamentRecord).id === 'string';

export const getStoredTournament = () => read(keys.tournament, isTournament);
export const setStoredTournament = (tournament: TournamentRecord) => write(keys.tournament, tournament);

export const setStoredRelayServers = (servers: RTCIceServer[]) => write(keys.relayServers, servers);

export interface StoredMediaChoice {
  cameraId?: string;
  microphoneId?: string;
}
const isChoice = (value: unknown): value is StoredMediaChoice => !!value && typeof value === 'object';
export const getStoredMediaChoice = (): StoredMediaChoice => read(keys.media, isChoice) ?? {};
export const setStoredMediaChoice = (choice: StoredMediaChoice) => write(keys.media, choice);

export const getStoredRatio = (): TileRatio => read(keys.ratio, isTileRatio) ?? DEFAULT_TILE_RATIO;
export const setStoredRatio = (ratio: TileRatio) => write(keys.ratio, ratio);

/** Hang-up forgets the call: the tournament and the relay credentials (specification section 4). */
export function clearVideoState(): void {
  write(keys.tournament, null);
  write(keys.relayServers, null);
}
