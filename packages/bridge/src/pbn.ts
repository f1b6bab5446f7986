import { parseDeal, type Deal } from './deal.ts';
import type { Contract, Seat, Strain, Vulnerability } from './types.ts';

/** One tag of a PBN game: its value and the section lines that followed it (Auction, Play, tables). */
export interface PbnTag {
  value: string;
  section: string[];
}
export type PbnGame = Map<string, PbnTag>;

export class PbnError extends Error {
  override name = 'PbnError';
}

/**
 * Reads the games of a PBN file (2.1, and the 1.0 files before it): tag pairs, `{...}` and `;` comments
 * (outside quoted values), `%` lines, section data after a tag, games separated by blank lines, and `"#"`
 * meaning the previous game's value.
 */
export function parsePbn(text: string): PbnGame[] {
  const games: PbnGame[] = [];
  let game: PbnGame = new Map();
  let lastTag: PbnTag | undefined;
  let previous: PbnGame | undefined;
  let i = 0;
  let atLineStart = true;
  let blankLine = true;

  const endGame = () => {
    if (game.size === 0) return;
    for (const [name, tag] of game) {
      if (tag.value === '#') tag.value = previous?.get(name)?.value ?? '';
    }
    games.push(game);
    previous = game;
    game = new Map();
    lastTag = undefined;
  };

  while (i < text.length) {
    const c = text[i]!;
    if (c === '\r') {
      i++;
      continue;
    }
    if (c === '\n') {
      if (atLineStart && blankLine) endGame(); // an empty line ends the game
      atLineStart = true;
      blankLine = true;
      i++;
      continue;
    }
    if (atLineStart && c === '%') {
      while (i < text.length && text[i] !== '\n') i++;
      blankLine = false; // an escape line is not an empty line
      atLineStart = false;
      continue;
    }
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    atLineStart = false;
    blankLine = false;
    if (c === '{') {
      const end = text.indexOf('}', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '[') {
      const tagMatch = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/.exec(text.slice(i, i + 10_000));
      if (!tagMatch) throw new PbnError(`Malformed tag near "${text.slice(i, i + 40)}"`);
      // PBN escapes only \" and \\ in strings; any other backslash is literal (e.g. "Denomination\2R").
      lastTag = { value: tagMatch[2]!.replace(/\\(["\\])/g, '$1'), section: [] };
      game.set(tagMatch[1]!, lastTag);
      i += tagMatch[0].length;
      continue;
    }
    // Section data: tokens up to the end of the line, kept for the tag they follow.
    let end = i;
    while (end < text.length && text[end] !== '\n' && text[end] !== '{' && text[end] !== ';' && text[end] !== '[') end++;
    const data = text.slice(i, end).trim();
    if (data && lastTag) lastTag.section.push(data);
    i = end;
  }
  endGame();
  return games;
}

const vulnerabilityNames: Record<string, Vulnerability> = {
  None: 'None', Love: 'None', '-': 'None', NS: 'NS', EW: 'EW', All: 'All', Both: 'All',
};

/** A PBN Vulnerable value (None/Love/-, NS, EW, All/Both). */
export function parseVulnerability(value: string): Vulnerability {
  const vulnerability = vulnerabilityNames[value];
  if (!vulnerability) throw new PbnError(`Unknown vulnerability "${value}"`);
  return vulnerability;
}

/** A PBN Contract value: `Pass`, or `4S`, `3NTX`, `2Hxx`. */
export function parseContract(value: string): Contract {
  if (/^pass$/i.test(value.trim())) return { level: 0, strain: 'NT', doubled: 0 };
  const match = /^([1-7])(C|D|H|S|NT|N)(X{0,2})$/i.exec(value.trim());
  if (!match) throw new PbnError(`Unknown contract "${value}"`);
  const strain = match[2]!.toUpperCase();
  return {
    level: Number(match[1]) as Contract['level'],
    strain: (strain === 'N' ? 'NT' : strain) as Strain,
    doubled: match[3]!.length as 0 | 1 | 2,
  };
}

/** Writes a contract the PBN way: `Pass`, `4S`, `3NTX`, `2HXX`. */
export const formatContract = (contract: Contract): string =>
  contract.level === 0 ? 'Pass' : `${contract.level}${contract.strain}${'X'.repeat(contract.doubled)}`;

/** A PBN Score value as North-South's score: `NS 420`, `EW -50`, or both. */
export function parseScore(value: string): number {
  const ns = /\bNS\s+(-?\d+)/.exec(value);
  if (ns) return Number(ns[1]) + 0; // + 0 turns a written "-0" into 0
  const ew = /\bEW\s+(-?\d+)/.exec(value);
  if (ew) return 0 - Number(ew[1]);
  throw new PbnError(`Unknown score "${value}"`);
}

/** The board facts of a game: what scoring and the results page need. */
export interface PbnBoard {
  board: number;
  dealer: Seat | null;
  vulnerability: Vulnerability;
  deal: Deal | null;
  contract: Contract | null;
  declarer: Seat | null;
  /** Tricks taken by declarer's side; null when not played or passed out. */
  tricks: number | null;
}

export function boardOf(game: PbnGame): PbnBoard {
  const value = (name: string) => game.get(name)?.value ?? '';
  const contractText = value('Contract');
  const declarer = value('Declarer');
  const result = value('Result');
  const dealText = value('Deal');
  return {
    board: Number(value('Board')),
    dealer: (/^[NESW]$/.test(value('Dealer')) ? value('Dealer') : null) as Seat | null,
    vulnerability: parseVulnerability(value('Vulnerable') || 'None'),
    deal: dealText ? parseDeal(dealText) : null,
    contract: contractText ? parseContract(contractText) : null,
    declarer: (/^[NESW]$/.test(declarer) ? declarer : null) as Seat | null,
    tricks: result === '' ? null : Number(result),
  };
}
