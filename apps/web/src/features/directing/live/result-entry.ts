import type { EnteredResult } from '@bridge/api';
import { nsScore, vulnerabilityOf, type Doubling, type Seat, type Strain, type Vulnerability } from '@bridge/engine';

/** What the director has typed in the result dialog, before it is a result. */
export type ResultDraft = {
  passedOut: boolean;
  declarer: Seat | null;
  level: number | null;
  strain: Strain | null;
  doubled: Doubling;
  /** `=`, `+1`, `-2`, or the tricks taken as a number. */
  tricks: string;
  /** The opening lead, a suit and a rank (`HK`, `D2`); empty for none. */
  lead: string;
};

export const emptyDraft: ResultDraft = { passedOut: false, declarer: null, level: null, strain: null, doubled: 0, tricks: '', lead: '' };

/** The draft of a result already entered, to correct it: tricks as `=`, `+1` or `-2` against its level, and its lead. */
export function draftOf(entry: EnteredResult | null): ResultDraft {
  if (!entry) return emptyDraft;
  const { level, strain, doubled } = entry.contract;
  if (level === 0) return { ...emptyDraft, passedOut: true };
  const over = entry.tricks === null ? null : entry.tricks - (level + 6);
  return {
    passedOut: false,
    declarer: entry.declarer,
    level,
    strain,
    doubled: doubled as Doubling,
    tricks: over === null ? '' : over === 0 ? '=' : over > 0 ? `+${over}` : String(over),
    lead: entry.lead ?? '',
  };
}

/**
 * The tricks declarer took, from `=`, `+1` or `-2` (against the contract's level) or a plain number 0-13; null
 * while the text says neither. A result relative to the contract needs the level.
 */
export function parseTricks(text: string, level: number | null): number | null {
  const value = text.trim().replace(/\u2212/g, '-');
  let tricks: number;
  if (/^\d{1,2}$/.test(value)) tricks = Number(value);
  else if (level === null) return null;
  else if (value === '=' || value === '+0' || value === '-0') tricks = level + 6;
  else if (/^[+-]\d{1,2}$/.test(value)) tricks = level + 6 + Number(value);
  else return null;
  return tricks >= 0 && tricks <= 13 ? tricks : null;
}

/** The lead as sent: `HK` from `hk` or ` HK `; null when none is given. */
export const leadOf = (text: string): string | null => text.trim().toUpperCase() || null;

const LEAD = /^[SHDC][AKQJT98765432]$/;

/** Why the draft is not a result yet, by field; empty when it is one. */
export function draftProblems(draft: ResultDraft): Partial<Record<'declarer' | 'level' | 'strain' | 'tricks' | 'lead', string>> {
  if (draft.passedOut) return {};
  const problems: Partial<Record<'declarer' | 'level' | 'strain' | 'tricks' | 'lead', string>> = {};
  if (!draft.declarer) problems.declarer = 'Choose the declarer';
  if (!draft.level) problems.level = 'Choose the level';
  if (!draft.strain) problems.strain = 'Choose the strain';
  if (!draft.tricks.trim()) problems.tricks = 'Give the tricks: =, +1, -2 or a number';
  else if (parseTricks(draft.tricks, draft.level) === null) problems.tricks = 'Tricks are =, +1, -2 or a number 0-13';
  const lead = leadOf(draft.lead);
  if (lead !== null && !LEAD.test(lead)) problems.lead = 'A lead is a suit and a rank: SA, HT, D2';
  return problems;
}

/** The North-South score of the draft by Law 77 on this board's vulnerability; null until the draft is complete. */
export function draftScore(draft: ResultDraft, board: number): number | null {
  if (draft.passedOut) return 0;
  if (Object.keys(draftProblems(draft)).length > 0) return null;
  const tricks = parseTricks(draft.tricks, draft.level)!;
  const contract = { level: draft.level as 1 | 2 | 3 | 4 | 5 | 6 | 7, strain: draft.strain!, doubled: draft.doubled };
  return nsScore(contract, draft.declarer, tricks, vulnerabilityOf(board));
}

const vulnerabilityWords: Record<Vulnerability, string> = {
  None: 'Nobody vulnerable',
  NS: 'North-South vulnerable',
  EW: 'East-West vulnerable',
  All: 'Both sides vulnerable',
};

export const vulnerabilityText = (board: number) => vulnerabilityWords[vulnerabilityOf(board)];

/** A North-South score as the director reads it: `NS +620`, `NS -100`, `0`. */
export const formatNsScore = (score: number) => (score === 0 ? '0' : `NS ${score > 0 ? '+' : ''}${score}`);
