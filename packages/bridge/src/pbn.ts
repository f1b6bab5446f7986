import { parseDeal, type Deal } from './deal.ts';
import { vulnerabilityOf } from './board.ts';
import { DEFAULT_ADJUSTED_PERCENTAGES, type Adjustment } from './matchpoints.ts';
import { nsScore as nsScoreOf } from './scoring.ts';
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
  None: 'None',
  Love: 'None',
  '-': 'None',
  NS: 'NS',
  EW: 'EW',
  All: 'All',
  Both: 'All',
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
  /** Tricks taken by declarer's side; null when not played, passed out or unknown. */
  tricks: number | null;
}

/** A tag's value, or '' when absent or unknown: PBN writes `"?"` for a mandatory tag whose value is unknown (3.4). */
const valueOf = (game: PbnGame, name: string) => {
  const value = game.get(name)?.value.trim() ?? '';
  return value === '?' ? '' : value;
};

/** A Result value as declarer's tricks: `10`, or `NS 10` / `EW 3` / both forms; a leading `^` is dropped. */
function tricksOf(value: string, declarer: Seat | null): number | null {
  const text = value.replace(/^\^/, '');
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  if (!declarer) return null;
  const side = declarer === 'N' || declarer === 'S' ? 'NS' : 'EW';
  const match = new RegExp(`\\b${side}\\s+(\\d+)`).exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * A game's board number. `"?"` (unknown) or no Board tag takes `fallbackBoard`; with no fallback it is refused,
 * as is anything but a positive whole number.
 */
export function boardNumberOf(game: PbnGame, fallbackBoard?: number): number {
  const text = valueOf(game, 'Board');
  if (text === '') {
    if (fallbackBoard === undefined) throw new PbnError('A game has no board number');
    return fallbackBoard;
  }
  const board = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(board) || board < 1) throw new PbnError(`Board "${text.slice(0, 20)}" is not a board number`);
  return board;
}

/** The board number of every game, one of unknown number (`"?"`) taking the one after the previous game's. */
export function pbnBoardNumbers(games: readonly PbnGame[]): number[] {
  let previous = 0;
  return games.map((game) => (previous = boardNumberOf(game, previous + 1)));
}

/**
 * The board facts of a game (board number as boardNumberOf). Other tags at `"?"` count as unknown: the
 * vulnerability then follows the board number (Law 2), and deal, contract, declarer and result are null.
 */
export function boardOf(game: PbnGame, fallbackBoard?: number): PbnBoard {
  const board = boardNumberOf(game, fallbackBoard);
  const contractText = valueOf(game, 'Contract');
  const declarerText = valueOf(game, 'Declarer');
  const dealerText = valueOf(game, 'Dealer');
  const vulnerabilityText = game.get('Vulnerable')?.value.trim() ?? '';
  const dealText = valueOf(game, 'Deal');
  const declarer = (/^[NESW]$/.test(declarerText) ? declarerText : null) as Seat | null;
  return {
    board,
    dealer: (/^[NESW]$/.test(dealerText) ? dealerText : null) as Seat | null,
    vulnerability: vulnerabilityText === '?' ? vulnerabilityOf(board) : parseVulnerability(vulnerabilityText || 'None'),
    deal: dealText ? parseDeal(dealText) : null,
    contract: contractText ? parseContract(contractText) : null,
    declarer,
    tricks: tricksOf(valueOf(game, 'Result'), declarer),
  };
}

/** The board facts of every game, a board of unknown number taking the one after the previous game's. */
export function readPbnBoards(games: readonly PbnGame[]): PbnBoard[] {
  const numbers = pbnBoardNumbers(games);
  return games.map((game, i) => boardOf(game, numbers[i]));
}

/** One result of an event file: the board, who played it where, and its score or adjusted score. */
export interface PbnResult extends PbnBoard {
  round: number | null;
  table: number | null;
  nsPair: number | null;
  ewPair: number | null;
  players: Partial<Record<Seat, string>>;
  /** North-South score: the Score tag, or Law 77 from contract and tricks; null when neither is known. */
  nsScore: number | null;
  /** A director's artificial score, from `ScorePercentage "NS 60 EW 40"`. */
  adjusted: { ns: Adjustment; ew: Adjustment } | null;
}

const numberTag = (game: PbnGame, name: string) => {
  const text = valueOf(game, name);
  return /^\d+$/.test(text) ? Number(text) : null;
};

function adjustmentOf(percent: number): Adjustment {
  const found = (Object.keys(DEFAULT_ADJUSTED_PERCENTAGES) as Adjustment[]).find((a) => DEFAULT_ADJUSTED_PERCENTAGES[a] === percent);
  if (!found) throw new PbnError(`No adjusted score gives ${percent}%`);
  return found;
}

/** The result a game records (PBN 2.1 tags Round, Table, PairNS, PairEW, the players, Score, ScorePercentage). */
export function resultOf(game: PbnGame, fallbackBoard?: number): PbnResult {
  const board = boardOf(game, fallbackBoard);
  const players: Partial<Record<Seat, string>> = {};
  for (const [seat, tag] of [
    ['N', 'North'],
    ['E', 'East'],
    ['S', 'South'],
    ['W', 'West'],
  ] as const) {
    const name = valueOf(game, tag);
    if (name) players[seat] = name;
  }
  const percentages = valueOf(game, 'ScorePercentage');
  const ns = /\bNS\s+(\d+)/.exec(percentages);
  const ew = /\bEW\s+(\d+)/.exec(percentages);
  const adjusted = ns && ew ? { ns: adjustmentOf(Number(ns[1])), ew: adjustmentOf(Number(ew[1])) } : null;
  const scoreText = valueOf(game, 'Score');
  let nsScore: number | null = null;
  if (scoreText) nsScore = parseScore(scoreText);
  else if (board.contract?.level === 0) nsScore = 0;
  else if (board.contract && board.tricks !== null && board.declarer)
    nsScore = nsScoreOf(board.contract, board.declarer, board.tricks, board.vulnerability);
  return {
    ...board,
    round: numberTag(game, 'Round'),
    table: numberTag(game, 'Table'),
    nsPair: numberTag(game, 'PairNS'),
    ewPair: numberTag(game, 'PairEW'),
    players,
    nsScore: adjusted ? null : nsScore,
    adjusted,
  };
}

/** Every result of a PBN file, boards of unknown number numbered on from the previous game's. */
export function readPbnResults(text: string): PbnResult[] {
  const games = parsePbn(text);
  const numbers = pbnBoardNumbers(games);
  return games.map((game, i) => resultOf(game, numbers[i]));
}
