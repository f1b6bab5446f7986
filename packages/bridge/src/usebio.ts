/** USEBIO 1.2 results (EBU/BridgeWebs interchange). Element order follows the DTD, which is order-sensitive. */
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
  /** `4S`, `3NTX`, `PASS`. */
  contract: string;
  playedBy?: 'N' | 'E' | 'S' | 'W' | '';
  lead?: string;
  tricks?: number | null;
  /** North-South score. */
  score: number | string;
  nsMatchPoints: number;
  ewMatchPoints: number;
}

export interface UsebioEvent {
  club: { name: string; id?: string };
  identifier: string;
  description: string;
  date: Date;
  scoringMethod: 'MATCH_POINTS' | 'CROSS_IMPS' | 'BUTLER_IMPS' | 'IMPS';
  winnerType: 1 | 2;
  programName: string;
  programVersion: string;
  pairs: UsebioPair[];
  boards: { number: number; lines: UsebioTravellerLine[] }[];
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const el = (name: string, value: string | number, indent: string) => `${indent}<${name}>${escape(String(value))}</${name}>`;
const pad = (n: number) => String(n).padStart(2, '0');
const round2 = (n: number) => String(Math.round(n * 100) / 100);

/** Writes an event's results as USEBIO 1.2 XML. */
export function exportUsebio(event: UsebioEvent): string {
  const date = `${pad(event.date.getUTCDate())}/${pad(event.date.getUTCMonth() + 1)}/${event.date.getUTCFullYear()}`;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<USEBIO Version="1.2">', '  <CLUB>', el('CLUB_NAME', event.club.name, '    ')];
  if (event.club.id) out.push(el('CLUB_ID_NUMBER', event.club.id, '    '));
  out.push(
    '    <EVENT EVENT_TYPE="PAIRS">',
    el('PROGRAM_NAME', event.programName, '      '),
    el('PROGRAM_VERSION', event.programVersion, '      '),
    el('EVENT_IDENTIFIER', event.identifier, '      '),
    el('EVENT_DESCRIPTION', event.description, '      '),
    el('DATE', date, '      '),
    el('BOARD_SCORING_METHOD', event.scoringMethod, '      '),
    el('BOARDS_PLAYED', event.boards.length, '      '),
    el('WINNER_TYPE', event.winnerType, '      '),
    '      <PARTICIPANTS>',
  );
  for (const pair of event.pairs) {
    out.push('        <PAIR>', el('PAIR_NUMBER', pair.number, '          '));
    if (pair.direction) out.push(el('DIRECTION', pair.direction, '          '));
    out.push(el('PLACE', pair.place, '          '), el('TOTAL_SCORE', round2(pair.totalScore), '          '));
    if (pair.percentage != null) out.push(el('PERCENTAGE', pair.percentage.toFixed(2), '          '));
    for (const player of pair.players) {
      out.push('          <PLAYER>', el('PLAYER_NAME', player.name, '            '));
      if (player.nationalId) out.push(el('NATIONAL_ID_NUMBER', player.nationalId, '            '));
      out.push('          </PLAYER>');
    }
    out.push('        </PAIR>');
  }
  out.push('      </PARTICIPANTS>');
  for (const board of event.boards) {
    out.push('      <BOARD>', el('BOARD_NUMBER', board.number, '        '));
    for (const line of board.lines) {
      out.push(
        '        <TRAVELLER_LINE>',
        el('NS_PAIR_NUMBER', line.nsPair, '          '),
        el('EW_PAIR_NUMBER', line.ewPair, '          '),
        el('CONTRACT', line.contract, '          '),
        el('PLAYED_BY', line.playedBy ?? '', '          '),
        el('LEAD', line.lead ?? '', '          '),
        el('TRICKS', line.tricks ?? '', '          '),
        el('SCORE', line.score, '          '),
        el('NS_MATCH_POINTS', round2(line.nsMatchPoints), '          '),
        el('EW_MATCH_POINTS', round2(line.ewMatchPoints), '          '),
        '        </TRAVELLER_LINE>',
      );
    }
    out.push('      </BOARD>');
  }
  out.push('    </EVENT>', '  </CLUB>', '</USEBIO>', '');
  return out.join('\n');
}
