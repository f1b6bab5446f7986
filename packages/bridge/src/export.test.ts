import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boardOf, parsePbn, parseScore, readPbnResults } from './pbn.ts';
import { scoreEvent, type TravellerLine } from './event.ts';
import { boardsOfSet, mitchell } from './movements.ts';
import type { Contract } from './types.ts';
import { exportPbn } from './pbn-export.ts';
import { exportUsebio, type UsebioEvent } from './usebio.ts';
import { nsScore } from './scoring.ts';
import { dealerOf, vulnerabilityOf } from './board.ts';
import { childText, findAll, parseXml } from './xml-test-helper.ts';

const fixture = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pbn/endplay_example2.pbn'), 'utf8');

describe('PBN export', () => {
  it('writes the 15 mandatory tags in export order', () => {
    const text = exportPbn([
      {
        event: 'Club "Pairs"',
        date: new Date(Date.UTC(2026, 10, 21)),
        board: 1,
        dealer: 'N',
        vulnerability: 'None',
        deal: null,
        contract: { level: 4, strain: 'S', doubled: 1 },
        declarer: 'S',
        tricks: 10,
        nsScore: 590,
      },
    ]);
    const names = [...text.matchAll(/^\[(\w+) /gm)].map((m) => m[1]);
    expect(names).toEqual([
      'Event',
      'Site',
      'Date',
      'Board',
      'West',
      'North',
      'East',
      'South',
      'Dealer',
      'Vulnerable',
      'Deal',
      'Scoring',
      'Declarer',
      'Contract',
      'Result',
      'Score',
    ]);
    expect(text).toContain('[Event "Club \\"Pairs\\""]');
    expect(text).toContain('[Date "2026.11.21"]');
    expect(text).toContain('[Contract "4SX"]');
    expect(parsePbn(text)[0]!.get('Event')!.value).toBe('Club "Pairs"');
  });

  it('round-trips every scored board of the 2021 qualifier: same deal, contract, result and score', () => {
    const games = parsePbn(fixture).filter((g) => g.get('Score'));
    const boards = games.map(boardOf);
    const written = exportPbn(
      boards.map((b) => ({
        event: 'Round trip',
        date: new Date(Date.UTC(2021, 7, 23)),
        board: b.board,
        dealer: b.dealer ?? dealerOf(b.board),
        vulnerability: b.vulnerability,
        deal: b.deal,
        contract: b.contract,
        declarer: b.declarer,
        tricks: b.tricks,
        nsScore: b.contract ? nsScore(b.contract, b.declarer, b.tricks ?? 0, b.vulnerability) : null,
      })),
    );
    const reread = parsePbn(written);
    expect(reread).toHaveLength(games.length);
    reread.forEach((game, i) => {
      const { deal, contract, declarer, tricks, vulnerability } = boardOf(game);
      expect({ deal, contract, declarer: contract?.level ? declarer : null, tricks: contract?.level ? tricks : null, vulnerability }).toEqual({
        deal: boards[i]!.deal,
        contract: boards[i]!.contract,
        declarer: boards[i]!.contract?.level ? boards[i]!.declarer : null,
        tricks: boards[i]!.contract?.level ? boards[i]!.tricks : null,
        vulnerability: boards[i]!.vulnerability,
      });
      expect(parseScore(game.get('Score')!.value)).toBe(parseScore(games[i]!.get('Score')!.value));
    });
  });
});

describe('USEBIO 1.2 export', () => {
  const event: UsebioEvent = {
    club: { name: 'Pune Bridge Club & Friends', id: 'PBC' },
    identifier: 'k9x2',
    description: 'Monday <Pairs>',
    date: new Date(Date.UTC(2026, 10, 21)),
    scoringMethod: 'MATCH_POINTS',
    winnerType: 2,
    programName: 'Bridge Platform',
    programVersion: '1.0',
    pairs: [
      {
        number: 1,
        direction: 'NS',
        place: '1=',
        totalScore: 8,
        percentage: 66.666,
        players: [{ name: 'A. Rao', nationalId: 'BFI123' }, { name: 'B. Shah' }],
      },
      { number: 2, direction: 'EW', place: '1', totalScore: 4, percentage: 33.333, players: [{ name: 'C. Iyer' }, { name: 'D. Das' }] },
    ],
    boards: [
      { number: 1, lines: [{ nsPair: 1, ewPair: 2, contract: '4S', playedBy: 'S', tricks: 10, score: 420, nsMatchPoints: 2, ewMatchPoints: 0 }] },
    ],
  };
  const xml = exportUsebio(event);

  it("keeps the DTD's element order", () => {
    const order = (names: string[]) => names.map((n) => xml.indexOf(n.includes(' ') ? `<${n}` : `<${n}>`));
    const header = order([
      'USEBIO Version="1.2"',
      'CLUB',
      'CLUB_NAME',
      'CLUB_ID_NUMBER',
      'EVENT EVENT_TYPE="PAIRS"',
      'PROGRAM_NAME',
      'PROGRAM_VERSION',
      'EVENT_IDENTIFIER',
      'EVENT_DESCRIPTION',
      'DATE',
      'BOARD_SCORING_METHOD',
      'BOARDS_PLAYED',
      'WINNER_TYPE',
      'PARTICIPANTS',
      'PAIR',
      'PAIR_NUMBER',
      'DIRECTION',
      'PLACE',
      'TOTAL_SCORE',
      'PERCENTAGE',
      'PLAYER',
      'PLAYER_NAME',
      'NATIONAL_ID_NUMBER',
      'BOARD',
      'BOARD_NUMBER',
      'TRAVELLER_LINE',
      'NS_PAIR_NUMBER',
      'EW_PAIR_NUMBER',
      'CONTRACT',
      'PLAYED_BY',
      'LEAD',
      'TRICKS',
      'SCORE',
      'NS_MATCH_POINTS',
      'EW_MATCH_POINTS',
    ]);
    expect(header.every((index) => index >= 0)).toBe(true);
    expect([...header].sort((a, b) => a - b)).toEqual(header);
  });

  it('escapes text and writes the date, percentage and place as USEBIO expects', () => {
    expect(xml).toContain('<CLUB_NAME>Pune Bridge Club &amp; Friends</CLUB_NAME>');
    expect(xml).toContain('<EVENT_DESCRIPTION>Monday &lt;Pairs&gt;</EVENT_DESCRIPTION>');
    expect(xml).toContain('<DATE>21/11/2026</DATE>');
    expect(xml).toContain('<PERCENTAGE>66.67</PERCENTAGE>');
    expect(xml).toContain('<PLACE>1=</PLACE>');
    expect(xml).toContain('<SCORE>420</SCORE>');
  });

  it('balances every element it opens', () => {
    const opened = [...xml.matchAll(/<([A-Z_]+)[ >]/g)].map((m) => m[1]);
    const closed = [...xml.matchAll(/<\/([A-Z_]+)>/g)].map((m) => m[1]);
    expect(opened.sort()).toEqual(closed.sort());
  });
});

describe('USEBIO 1.2 as real files and importers have it', () => {
  const base: UsebioEvent = {
    club: { name: 'Pune Bridge Club', id: '1234' },
    identifier: 'k9x2',
    description: 'Monday IMP Pairs',
    date: new Date(Date.UTC(2026, 10, 21)),
    scoringMethod: 'CROSS_IMPS',
    winnerType: 2,
    programName: 'Bridge Platform',
    programVersion: '1.0',
    pairs: [
      { number: 1, direction: 'NS', place: '1', totalScore: 4.5, players: [{ name: 'A. Rao' }, { name: 'B. Shah' }] },
      { number: 1, direction: 'EW', place: '1', totalScore: -4.5, players: [{ name: 'C. Iyer' }, { name: 'D. Das' }] },
    ],
    boards: [
      {
        number: 1,
        lines: [
          { nsPair: 1, ewPair: 1, contract: '4S', playedBy: 'S', tricks: 10, score: 420, nsMatchPoints: 4.5, ewMatchPoints: -4.5 },
          { nsPair: 2, ewPair: 2, contract: '', score: 0, adjusted: { ns: 'A+', ew: 'A-' }, nsMatchPoints: 3, ewMatchPoints: -3 },
        ],
      },
    ],
  };

  it("writes EVENT beside CLUB, directly under USEBIO, with the club's number in CLUB", () => {
    const root = parseXml(exportUsebio(base));
    expect(root.name).toBe('USEBIO');
    expect(root.attributes.Version).toBe('1.2');
    expect(root.children.map((c) => c.name)).toEqual(['CLUB', 'EVENT']);
    const [club, event] = root.children;
    expect(club!.children.map((c) => [c.name, c.text])).toEqual([
      ['CLUB_NAME', 'Pune Bridge Club'],
      ['CLUB_ID_NUMBER', '1234'],
    ]);
    expect(event!.attributes.EVENT_TYPE).toBe('PAIRS');
    expect(event!.children.map((c) => c.name)).toEqual([
      'PROGRAM_NAME',
      'PROGRAM_VERSION',
      'EVENT_IDENTIFIER',
      'EVENT_DESCRIPTION',
      'DATE',
      'BOARD_SCORING_METHOD',
      'BOARDS_PLAYED',
      'WINNER_TYPE',
      'PARTICIPANTS',
      'BOARD',
    ]);
  });

  it('writes no CLUB_ID_NUMBER when the club has none', () => {
    const root = parseXml(exportUsebio({ ...base, club: { name: 'Bridge Platform' } }));
    expect(root.children[0]!.children.map((c) => c.name)).toEqual(['CLUB_NAME']);
  });

  it('names cross-IMP and Butler points as real files do, and matchpoints as before', () => {
    const names = (scoringMethod: UsebioEvent['scoringMethod']) =>
      findAll(parseXml(exportUsebio({ ...base, scoringMethod })), 'TRAVELLER_LINE')[0]!
        .children.map((c) => c.name)
        .slice(-2);
    expect(names('CROSS_IMPS')).toEqual(['NS_CROSS_IMP_POINTS', 'EW_CROSS_IMP_POINTS']);
    expect(names('BUTLER_IMPS')).toEqual(['NS_BUTLER_POINTS', 'EW_BUTLER_POINTS']);
    expect(names('MATCH_POINTS')).toEqual(['NS_MATCH_POINTS', 'EW_MATCH_POINTS']);
    const line = findAll(parseXml(exportUsebio(base)), 'TRAVELLER_LINE')[0]!;
    expect([childText(line, 'NS_CROSS_IMP_POINTS'), childText(line, 'EW_CROSS_IMP_POINTS')]).toEqual(['4.5', '-4.5']);
  });

  it('writes an adjusted score as its percentage code (A6040: NS 60%, EW 40%), with no contract', () => {
    const adjusted = (ns: 'A+' | 'A' | 'A-', ew: 'A+' | 'A' | 'A-') => {
      const event = { ...base, boards: [{ number: 1, lines: [{ ...base.boards[0]!.lines[1]!, adjusted: { ns, ew } }] }] };
      const line = findAll(parseXml(exportUsebio(event)), 'TRAVELLER_LINE')[0]!;
      return [childText(line, 'SCORE'), childText(line, 'CONTRACT'), childText(line, 'PLAYED_BY'), childText(line, 'TRICKS')];
    };
    expect(adjusted('A+', 'A-')).toEqual(['A6040', '', '', '']);
    expect(adjusted('A', 'A')).toEqual(['A5050', '', '', '']);
    expect(adjusted('A-', 'A+')).toEqual(['A4060', '', '', '']);
    expect(adjusted('A-', 'A-')).toEqual(['A4040', '', '', '']);
  });
});

describe('names holding control characters and markup', () => {
  const nasty = 'N\0U\u0001L\uFFFFL\r\nBreak "quoted" back\\slash <&> \uD800lone';
  const clean = 'NULL  Break "quoted" back\\slash <&> lone';

  it('the USEBIO file still parses as XML 1.0 and carries the name without the forbidden characters', () => {
    const xml = exportUsebio({
      club: { name: nasty },
      identifier: nasty,
      description: nasty,
      date: new Date(Date.UTC(2026, 0, 1)),
      scoringMethod: 'MATCH_POINTS',
      winnerType: 1,
      programName: 'Bridge Platform',
      programVersion: '1.0',
      pairs: [{ number: 1, place: '1', totalScore: 1, players: [{ name: nasty, nationalId: nasty }] }],
      boards: [
        {
          number: 1,
          lines: [{ nsPair: 1, ewPair: 2, contract: '4S', playedBy: 'S', lead: nasty, tricks: 10, score: 420, nsMatchPoints: 0, ewMatchPoints: 0 }],
        },
      ],
    });
    const root = parseXml(xml);
    expect(findAll(root, 'PLAYER_NAME')[0]!.text).toBe(clean);
    expect(findAll(root, 'CLUB_NAME')[0]!.text).toBe(clean);
    expect(findAll(root, 'EVENT_DESCRIPTION')[0]!.text).toBe(clean);
    expect(xml.split('\n').filter((l) => l.includes('PLAYER_NAME'))).toHaveLength(1);
  });

  it('the PBN file keeps every tag on one line, escapes " and \\ and reads the names back', () => {
    const text = exportPbn([
      {
        event: nasty,
        site: nasty,
        date: new Date(Date.UTC(2026, 0, 1)),
        board: 1,
        dealer: 'N',
        vulnerability: 'None',
        deal: null,
        players: { N: nasty, E: 'East\nName', S: 'S\u0007', W: 'W\\' },
        contract: { level: 4, strain: 'S', doubled: 0 },
        declarer: 'S',
        tricks: 10,
        nsScore: 420,
      },
    ]);
    for (const line of text.split('\n').filter((l) => l.startsWith('['))) expect(line).toMatch(/^\[\w+ "(?:[^"\\\x00-\x1F]|\\["\\])*"\]$/);
    const [game] = parsePbn(text);
    expect(game!.get('North')!.value).toBe(clean);
    expect(game!.get('Event')!.value).toBe(clean);
    expect(game!.get('East')!.value).toBe('East Name');
    expect(game!.get('South')!.value).toBe('S');
    expect(game!.get('West')!.value).toBe('W\\');
    expect(text).toContain('[West "W\\\\"]');
    expect(boardOf(game!)).toMatchObject({ board: 1, contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10 });
  });
});

describe('an event exported as PBN and read back', () => {
  // A 3-table Mitchell, two boards a round, every result written with its players, round, table and pairs.
  const movement = mitchell(3);
  const names = (direction: 'NS' | 'EW', pair: number) => [`${direction} ${pair} first "Ace"`, `${direction} ${pair} second \\ Two`];
  const played = movement.rows.flatMap((row) =>
    boardsOfSet(row.set, 2).map((board, i) => {
      const contract: Contract = {
        level: (((row.round + row.table + i) % 4) + 1) as Contract['level'],
        strain: (['S', 'H', 'NT', 'C'] as const)[(row.ns + board) % 4]!,
        doubled: 0,
      };
      const declarer = (['N', 'E', 'S', 'W'] as const)[(board + row.ew) % 4]!;
      const tricks = 6 + contract.level + ((row.ns * 3 + board) % 3) - 1;
      return { row, board, contract, declarer, tricks };
    }),
  );
  const adjustedAt = played[4]!;
  const lines: TravellerLine[] = played.map(({ row, board, contract, declarer, tricks }) => ({
    board,
    nsPair: row.ns,
    ewPair: row.ew,
    result:
      adjustedAt.row === row && adjustedAt.board === board
        ? { kind: 'adjusted', ns: 'A+', ew: 'A-' }
        : { kind: 'score', nsScore: nsScore(contract, declarer, tricks, vulnerabilityOf(board)) },
  }));
  const text = exportPbn(
    played.map(({ row, board, contract, declarer, tricks }, i) => {
      const [n, s] = names('NS', row.ns);
      const [e, w] = names('EW', row.ew);
      const result = lines[i]!.result;
      return {
        event: 'Club Pairs',
        date: new Date(Date.UTC(2026, 10, 21)),
        board,
        dealer: dealerOf(board),
        vulnerability: vulnerabilityOf(board),
        deal: null,
        players: { N: n, S: s, E: e, W: w },
        round: row.round,
        table: row.table,
        nsPair: row.ns,
        ewPair: row.ew,
        ...(result.kind === 'adjusted' ? { adjusted: { ns: result.ns, ew: result.ew } } : { contract, declarer, tricks, nsScore: result.nsScore }),
      };
    }),
  );

  it('writes the players and the standard Round, Table, PairNS and PairEW tags (supplemental tags sorted by name)', () => {
    const first = text.split('\n\n')[0]!;
    expect(first).toContain(`[North "NS 1 first \\"Ace\\""]`);
    expect(first).toContain(`[South "NS 1 second \\\\ Two"]`);
    expect([...first.matchAll(/^\[(\w+) /gm)].map((m) => m[1]).slice(15)).toEqual(['PairEW', 'PairNS', 'Round', 'Score', 'Table']);
    expect(text).not.toContain('[North ""]');
    expect(text).toContain('[ScorePercentage "NS 60 EW 40"]');
  });

  it("rebuilds the same traveller lines, players, results and rankings with the engine's own reader", () => {
    const results = readPbnResults(text);
    expect(results).toHaveLength(lines.length);
    const rebuilt: TravellerLine[] = results.map((r) => ({
      board: r.board,
      nsPair: r.nsPair!,
      ewPair: r.ewPair!,
      result: r.adjusted ? { kind: 'adjusted', ...r.adjusted } : { kind: 'score', nsScore: r.nsScore! },
    }));
    expect(rebuilt).toEqual(lines);
    expect(results.map((r) => [r.round, r.table])).toEqual(played.map(({ row }) => [row.round, row.table]));
    expect(results[0]!.players).toEqual({
      N: 'NS 1 first "Ace"',
      S: 'NS 1 second \\ Two',
      E: names('EW', played[0]!.row.ew)[0],
      W: names('EW', played[0]!.row.ew)[1],
    });
    for (const method of ['matchpoints', 'cross-imps'] as const) {
      expect(scoreEvent(rebuilt, { method, winners: 2 })).toEqual(scoreEvent(lines, { method, winners: 2 }));
    }
  });
});
