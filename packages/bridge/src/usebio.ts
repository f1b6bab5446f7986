import { DEFAULT_ADJUSTED_PERCENTAGES, type Adjustment } from './matchpoints.ts';

/**
 * USEBIO 1.2 results (EBU/BridgeWebs interchange). `CLUB` and `EVENT` are siblings under `USEBIO`, as in the
 * files EBUScore, ScoreBridge and the others write; element order follows the DTD, which is order-sensitive.
 */
export interface UsebioPair {
  number: number;
  direction?: 'NS' | 'EW';
  /** Place as printed, e.g. `1=`. */
  place: string;
  totalScore: number;
  percentage?: number | null;
  players: { name: string; nationalId?: string }[];
}

export interface UsebioTravellerLine {
  nsPair: number;
  ewPair: number;
  /** `4S`, `3NTX`, `PASS`; empty for an adjusted score. */
  contract: string;
  playedBy?: 'N' | 'E' | 'S' | 'W' | '';
  lead?: string;
  tricks?: number | null;
  /** North-South score. */
  score: number | string;
  /** An artificial adjusted score: written as SCORE `A6040` (NS then EW percentage), with no contract. */
  adjusted?: { ns: Adjustment; ew: Adjustment } | null;
  /** Matchpoints, cross-IMPs or Butler IMPs, per the event's scoring method. */
  nsMatchPoints: number;
  ewMatchPoints: number;
}

export type UsebioScoringMethod = 'MATCH_POINTS' | 'CROSS_IMPS' | 'BUTLER_IMPS' | 'IMPS';

export interface UsebioEvent {
  /** `id` is written as CLUB_ID_NUMBER (the club's number with its national body) when known. */
  club: { name: string; id?: string };
  identifier: string;
  description: string;
  date: Date;
  scoringMethod: UsebioScoringMethod;
  winnerType: 1 | 2;
  programName: string;
  programVersion: string;
  pairs: UsebioPair[];
  boards: { number: number; lines: UsebioTravellerLine[] }[];
  /** Percentages of the top written for A+, A and A- (default 60, 50, 40). */
  adjustedPercentages?: Record<Adjustment, number>;
}

/** The traveller line's points elements for each scoring method, as real USEBIO files name them. */
const POINTS_ELEMENTS: Record<UsebioScoringMethod, [string, string]> = {
  MATCH_POINTS: ['NS_MATCH_POINTS', 'EW_MATCH_POINTS'],
  CROSS_IMPS: ['NS_CROSS_IMP_POINTS', 'EW_CROSS_IMP_POINTS'],
  BUTLER_IMPS: ['NS_BUTLER_POINTS', 'EW_BUTLER_POINTS'],
  IMPS: ['NS_CROSS_IMP_POINTS', 'EW_CROSS_IMP_POINTS'],
};

/**
 * Text as XML 1.0 may carry it: characters XML forbids even as references (most C0 controls, lone surrogates,
 * U+FFFE, U+FFFF) are dropped, C1 controls too; tabs and line breaks become spaces, since every USEBIO value is
 * one line. Then the five markup characters are escaped.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[\t\n\r]/g, ' ')
    .replace(/[\0-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const el = (name: string, value: string | number, indent: string) => `${indent}<${name}>${xmlText(String(value))}</${name}>`;
const pad = (n: number) => String(n).padStart(2, '0');
const round2 = (n: number) => String(Math.round(n * 100) / 100);

/** An adjusted score as USEBIO writes it: `A` then the NS and EW percentages, `A6040` for 60% / 40%. */
export const usebioAdjustedScore = (nsPercent: number, ewPercent: number) => `A${pad(Math.round(nsPercent))}${pad(Math.round(ewPercent))}`;

/** Writes an event's results as USEBIO 1.2 XML. */
export function exportUsebio(event: UsebioEvent): string {
  const date = `${pad(event.date.getUTCDate())}/${pad(event.date.getUTCMonth() + 1)}/${event.date.getUTCFullYear()}`;
  const percentages = event.adjustedPercentages ?? DEFAULT_ADJUSTED_PERCENTAGES;
  const [nsPoints, ewPoints] = POINTS_ELEMENTS[event.scoringMethod];
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<USEBIO Version="1.2">', '  <CLUB>', el('CLUB_NAME', event.club.name, '    ')];
  if (event.club.id) out.push(el('CLUB_ID_NUMBER', event.club.id, '    '));
  out.push(
    '  </CLUB>',
    '  <EVENT EVENT_TYPE="PAIRS">',
    el('PROGRAM_NAME', event.programName, '    '),
    el('PROGRAM_VERSION', event.programVersion, '    '),
    el('EVENT_IDENTIFIER', event.identifier, '    '),
    el('EVENT_DESCRIPTION', event.description, '    '),
    el('DATE', date, '    '),
    el('BOARD_SCORING_METHOD', event.scoringMethod, '    '),
    el('BOARDS_PLAYED', event.boards.length, '    '),
    el('WINNER_TYPE', event.winnerType, '    '),
    '    <PARTICIPANTS>',
  );
  for (const pair of event.pairs) {
    out.push('      <PAIR>', el('PAIR_NUMBER', pair.number, '        '));
    if (pair.direction) out.push(el('DIRECTION', pair.direction, '        '));
    out.push(el('PLACE', pair.place, '        '), el('TOTAL_SCORE', round2(pair.totalScore), '        '));
    if (pair.percentage != null) out.push(el('PERCENTAGE', pair.percentage.toFixed(2), '        '));
    for (const player of pair.players) {
      out.push('        <PLAYER>', el('PLAYER_NAME', player.name, '          '));
      if (player.nationalId) out.push(el('NATIONAL_ID_NUMBER', player.nationalId, '          '));
      out.push('        </PLAYER>');
    }
    out.push('      </PAIR>');
  }
  out.push('    </PARTICIPANTS>');
  for (const board of event.boards) {
    out.push('    <BOARD>', el('BOARD_NUMBER', board.number, '      '));
    for (const line of board.lines) {
      const adjusted = line.adjusted ?? null;
      out.push(
        '      <TRAVELLER_LINE>',
        el('NS_PAIR_NUMBER', line.nsPair, '        '),
        el('EW_PAIR_NUMBER', line.ewPair, '        '),
        el('CONTRACT', adjusted ? '' : line.contract, '        '),
        el('PLAYED_BY', adjusted ? '' : (line.playedBy ?? ''), '        '),
        el('LEAD', adjusted ? '' : (line.lead ?? ''), '        '),
        el('TRICKS', adjusted ? '' : (line.tricks ?? ''), '        '),
        el('SCORE', adjusted ? usebioAdjustedScore(percentages[adjusted.ns], percentages[adjusted.ew]) : line.score, '        '),
        el(nsPoints, round2(line.nsMatchPoints), '        '),
        el(ewPoints, round2(line.ewMatchPoints), '        '),
        '      </TRAVELLER_LINE>',
      );
    }
    out.push('    </BOARD>');
  }
  out.push('  </EVENT>', '</USEBIO>', '');
  return out.join('\n');
}
