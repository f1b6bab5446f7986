import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDeal } from './deal.ts';
import { parsePbn, PbnError } from './pbn.ts';
import {
  OPTIMUM_TABLE_DECLARERS,
  OPTIMUM_TABLE_STRAINS,
  optimumResultLines,
  parContractTag,
  readAnalysisTags,
  type DealAnalysisTags,
} from './pbn-analysis.ts';
import { exportPbn } from './pbn-export.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pbn');
const example = parsePbn(fs.readFileSync(path.join(fixtures, 'endplay_example2.pbn'), 'utf8'));

const row = (C: number, D: number, H: number, S: number, NT: number) => ({ C, D, H, S, NT });
const DEAL = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
/** North-South make 4♠ vulnerable; East-West sacrifice in three suits two down. */
const sacrifice: DealAnalysisTags = {
  tricks: { N: row(3, 3, 4, 10, 6), S: row(3, 3, 4, 10, 6), E: row(9, 9, 9, 3, 6), W: row(9, 9, 9, 3, 6) },
  par: { score: 300, contracts: ['5C*-EW-2', '5D*-EW-2', '5H*-EW-2'] },
};

const game = (analysis: DealAnalysisTags) =>
  exportPbn([{ event: 'Club', date: new Date('2026-11-26'), board: 1, dealer: 'N', vulnerability: 'NS', deal: parseDeal(DEAL), analysis }]);

describe('the analysis tags of PBN', () => {
  it('reads each OptimumResultTable of a real file as its DoubleDummyTricks tag states it', () => {
    const tagged = example.filter((g) => g.has('OptimumResultTable'));
    expect(tagged.length).toBeGreaterThan(5);
    for (const g of tagged) {
      const analysis = readAnalysisTags(g)!;
      // DoubleDummyTricks: hex digits, declarers N S E W, each NT S H D C: the same order as the table's lines.
      const digits = OPTIMUM_TABLE_DECLARERS.flatMap((seat) =>
        OPTIMUM_TABLE_STRAINS.map((strain) => analysis.tricks[seat][strain].toString(16)),
      ).join('');
      expect(digits).toBe(g.get('DoubleDummyTricks')!.value);
      expect(`NS ${analysis.par.score >= 0 ? '+' : ''}${analysis.par.score}`).toBe(g.get('OptimumScore')!.value);
    }
  });

  it('writes the table as the standard and real files do: the tag, then 20 aligned lines', () => {
    const text = game(sacrifice);
    expect(text).toContain('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  6\nN  S 10\nN  H  4\nN  D  3\nN  C  3\nS NT  6');
    expect(text).toContain('[OptimumScore "NS 300"]');
    expect(text).toContain('[ParContract "EW 5CX; EW 5DX; EW 5HX"]');
    // Real files lay the lines out the same way.
    const realLines = example.find((g) => g.has('OptimumResultTable'))!.get('OptimumResultTable')!.section;
    expect(optimumResultLines(readAnalysisTags(example.find((g) => g.has('OptimumResultTable'))!)!.tricks)).toEqual(realLines);
  });

  it('reads back what it writes: the table, the par and its contracts as DDS states them', () => {
    const made: DealAnalysisTags = {
      tricks: { N: row(7, 6, 6, 7, 10), S: row(7, 5, 5, 7, 10), E: row(5, 7, 7, 6, 3), W: row(5, 7, 7, 6, 3) },
      par: { score: 630, contracts: ['3N-NS+1'] },
    };
    const passedOut: DealAnalysisTags = {
      tricks: { N: row(6, 6, 6, 6, 6), S: row(6, 6, 6, 6, 6), E: row(6, 6, 6, 6, 6), W: row(6, 6, 6, 6, 6) },
      par: { score: 0, contracts: [] },
    };
    for (const analysis of [sacrifice, made, passedOut]) {
      expect(readAnalysisTags(parsePbn(game(analysis))[0]!)).toEqual(analysis);
    }
    expect(parContractTag([])).toBe('Pass');
  });

  it('reads no analysis, and no error, from tags that are incomplete: a table without OptimumScore, a 10-line table', () => {
    // The layout of a BridgeWebs hand-records file: DoubleDummyTricks and a full table, no OptimumScore.
    const clubNight = parsePbn(fs.readFileSync(path.join(fixtures, 'bridgewebs_layout_24_boards.pbn'), 'utf8'));
    expect(clubNight).toHaveLength(24);
    for (const g of clubNight) {
      expect(g.get('OptimumResultTable')!.section).toHaveLength(20);
      expect(g.has('OptimumScore')).toBe(false);
      expect(() => parseDeal(g.get('Deal')!.value)).not.toThrow();
      expect(readAnalysisTags(g)).toBeNull();
    }
    // endplay's sample: a table of North's and West's lines only, with an OptimumScore.
    const sample = parsePbn(fs.readFileSync(path.join(fixtures, 'endplay_sample.pbn'), 'utf8'));
    const tenLines = sample.filter((g) => g.get('OptimumResultTable')?.section.length === 10);
    expect(tenLines.length).toBeGreaterThan(0);
    for (const g of tenLines) expect(readAnalysisTags(g)).toBeNull();
    // A table of 19 lines is as incomplete.
    expect(readAnalysisTags(parsePbn(game(sacrifice).replace('N  S 10\n', ''))[0]!)).toBeNull();
  });

  it('refuses a table that is not 20 declarer, denomination and tricks lines, and a par it cannot read', () => {
    const text = game(sacrifice);
    expect(() => readAnalysisTags(parsePbn(text.replace('N  S 10', 'N  S 14'))[0]!)).toThrow(PbnError);
    expect(() => readAnalysisTags(parsePbn(text.replace('N  S 10', 'N  S 14'))[0]!)).toThrow(/OptimumResultTable/);
    expect(() => readAnalysisTags(parsePbn(text.replace('NS 300', 'three hundred'))[0]!)).toThrow(/OptimumScore/);
    expect(() => readAnalysisTags(parsePbn(text.replace('EW 5CX', 'EW 8CX'))[0]!)).toThrow(/ParContract/);
    expect(
      readAnalysisTags(parsePbn(exportPbn([{ event: 'Club', date: new Date(), board: 1, dealer: 'N', vulnerability: 'None', deal: null }]))[0]!),
    ).toBeNull();
  });
});
