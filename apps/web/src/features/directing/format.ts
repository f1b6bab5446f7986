import type { DealsChoice, ScoringChoice, SessionPhase } from '@bridge/api';

/** A session's length as a director reads it: "3 h 25 min", "50 min", "2 h". */
export function formatDuration(minutes: number): string {
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const scoringLabels: Record<ScoringChoice, string> = {
  matchpoints: 'Matchpoints',
  'cross-imps': 'Cross-IMPs',
  butler: 'Butler',
};

export const dealsLabels: Record<DealsChoice, string> = {
  random: 'Random deals',
  pbn: 'From a PBN file',
  'by-hand': 'Dealt by hand at the club',
};

export const phaseLabels: Record<SessionPhase, string> = {
  preparation: 'In preparation',
  play: 'In play',
  complete: 'Complete',
};

/** A session's start in the director's own time zone, "Thu 26 Nov 2026, 19:30"; "No date set" when none. */
export function formatStart(startsAt: string | null): string {
  if (!startsAt) return 'No date set';
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return 'No date set';
  return date.toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
