export interface Ranked<T> {
  item: T;
  /** 1-based place; tied entries share the best place they cover. */
  place: number;
  /** The place as printed: `1`, or `1=` for a tie. */
  label: string;
}

/**
 * Ranks entries by a score, best first, with ties shown as `1=` (both tied pairs are 1=, the next is 3).
 * Scores are compared after rounding to `decimals`, as they are printed, so 55.004% and 55.0% tie at 2.
 */
export function rankWithTies<T>(
  items: readonly T[],
  scoreOf: (item: T) => number,
  { higherIsBetter = true, decimals = 2 }: { higherIsBetter?: boolean; decimals?: number } = {},
): Ranked<T>[] {
  const factor = 10 ** decimals;
  const keyed = items.map((item) => ({ item, key: Math.round(scoreOf(item) * factor) }));
  keyed.sort((a, b) => (higherIsBetter ? b.key - a.key : a.key - b.key));
  return keyed.map((entry, index) => {
    let first = index;
    while (first > 0 && keyed[first - 1]!.key === entry.key) first--;
    const tied = (index > 0 && keyed[index - 1]!.key === entry.key) || (index + 1 < keyed.length && keyed[index + 1]!.key === entry.key);
    const place = first + 1;
    return { item: entry.item, place, label: tied ? `${place}=` : String(place) };
  });
}
