/**
 * How long a seat's player has been away, in words for the seat's label: "Away under 1 min", "Away 3 min",
 * "Away 1 h 5 min". `since` is the table's ISO 8601 time; a clock a little ahead of the page's counts as just now.
 */
export function awayWords(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'Away under 1 min';
  if (minutes < 60) return `Away ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `Away ${hours} h` : `Away ${hours} h ${minutes % 60} min`;
}

/** The time of day a player went away, for the mark's title: "since 19:42". */
export const awaySinceTime = (since: string) => `since ${new Date(since).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
