import type { VideoSeat } from '@bridge/api';

/** Tiles sit in this order: the four players clockwise from North, then everyone else. */
const SEAT_ORDER: Record<VideoSeat, number> = { North: 0, East: 1, South: 2, West: 3, Organiser: 4, Director: 5, Kibitzer: 6 };

export interface Seated {
  peerId: string;
  displayName: string;
  /** Null while not known yet (our own tile before the server answered the join). */
  seat: VideoSeat | null;
}

const rank = (seat: VideoSeat | null) => (seat ? SEAT_ORDER[seat] : 7);

/** North, East, South, West, then the others by seat kind and name (stable, so tiles do not jump). */
export function bySeat<T extends Seated>(people: readonly T[]): T[] {
  return [...people].sort((a, b) => rank(a.seat) - rank(b.seat) || a.displayName.localeCompare(b.displayName) || a.peerId.localeCompare(b.peerId));
}

/** Tile aspect ratios of the specification (section 9); 4:3 is the default. */
export const TILE_RATIOS = ['4:3', '16:9', '1:1', '1:2'] as const;
export type TileRatio = (typeof TILE_RATIOS)[number];
export const DEFAULT_TILE_RATIO: TileRatio = '4:3';
export const isTileRatio = (value: unknown): value is TileRatio => TILE_RATIOS.includes(value as TileRatio);
/** The CSS `aspect-ratio` of a tile ratio. */
export const cssRatio = (ratio: TileRatio) => ratio.replace(':', ' / ');

/** Columns of the tile grid: as square a grid as the count allows, one column on a narrow screen for one or two. */
export function gridColumns(count: number, narrow: boolean): number {
  if (count <= 1) return 1;
  if (narrow) return count <= 2 ? 1 : 2;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}
