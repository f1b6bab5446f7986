import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nsScore, type Contract, type Seat, type Strain } from '@bridge/engine';
import type { DoubleDummyTricks } from '@bridge/api';
import { SolverPool } from './solver-pool.ts';

// The real DDS library (Debian's libdds0), in real solver processes: the binding is tested through the process
// boundary it is always used across, so the test runner never loads the library itself (decision 049).

interface OracleDeal {
  board: number;
  dealer: Seat;
  vulnerable: 'None' | 'NS' | 'EW' | 'All';
  deal: string;
  /** Hex digits, hands N S E W, each strains NT S H D C. */
  doubleDummyTricks_NSEW_x_NTSHDC: string;
  optimumScore: string;
}

const oracle: OracleDeal[] = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/bridge/fixtures/dd_oracle.json'), 'utf8'),
);

/** The oracle's digits in its own order, from our table. */
const oracleDigits = (tricks: DoubleDummyTricks) =>
  (['N', 'S', 'E', 'W'] as const)
    .map((hand) => (['NT', 'S', 'H', 'D', 'C'] as const).map((strain) => tricks[hand][strain].toString(16)).join(''))
    .join('');

const row = (C: number, D: number, H: number, S: number, NT: number) => ({ C, D, H, S, NT });

/** A par text of DDS ("4S-NS", "5H*-EW-2", "3N-NS+1") read back: level, strain, doubled, the side, tricks over or under. */
function readPar(text: string) {
  const match = /^([1-7])([CDHSN])(\*?)-(NS|EW|N|E|S|W)([+-]\d+)?$/.exec(text);
  if (!match) throw new Error(`not a par contract: ${text}`);
  const [, level, strain, doubled, seats, delta] = match;
  return {
    contract: { level: Number(level), strain: (strain === 'N' ? 'NT' : strain) as Strain, doubled: doubled ? 1 : 0 } as Contract,
    seats: seats!,
    delta: Number(delta ?? 0),
  };
}

const warnings: string[] = [];
const log = {
  warn: (_details: object, message: string) => warnings.push(message),
  error: (_details: object, message: string) => warnings.push(message),
};

describe('the DDS solver pool', () => {
  const pool = new SolverPool({ size: 2, libraryPath: 'libdds.so.0', log });
  beforeAll(async () => {
    expect(await pool.start()).toBe(true);
  });
  afterAll(() => pool.close());

  it('solves every deal of the independent oracle to the same table', async () => {
    const tables = await pool.tables(oracle.map((deal) => deal.deal));
    expect(tables.map(oracleDigits)).toEqual(oracle.map((deal) => deal.doubleDummyTricks_NSEW_x_NTSHDC));
  });

  it("gives each oracle deal its optimum score, from North-South's side, for its dealer and vulnerability", async () => {
    const tables = await pool.tables(oracle.map((deal) => deal.deal));
    const pars = await pool.pars(oracle.map((deal, i) => ({ tricks: tables[i]!, dealer: deal.dealer, vulnerability: deal.vulnerable })));
    expect(pars.map((par) => `NS ${par.score > 0 ? '+' : ''}${par.score}`)).toEqual(oracle.map((deal) => deal.optimumScore));
    // Each par contract, made or gone down as the table says, scores the par by Law 77.
    oracle.forEach((deal, i) => {
      for (const text of pars[i]!.contracts) {
        const { contract, seats, delta } = readPar(text);
        const declarer = seats[0] as Seat;
        expect(tables[i]![declarer][contract.strain]).toBe(contract.level + 6 + delta);
        expect(nsScore(contract, declarer, contract.level + 6 + delta, deal.vulnerable)).toBe(pars[i]!.score);
      }
    });
  });

  it("analyses many deals at once: each table with its par for the board's dealer and vulnerability", async () => {
    const analyses = await pool.analyseDeals(oracle.map((deal) => ({ deal: deal.deal, dealer: deal.dealer, vulnerability: deal.vulnerable })));
    expect(analyses.map((a) => oracleDigits(a.tricks))).toEqual(oracle.map((deal) => deal.doubleDummyTricks_NSEW_x_NTSHDC));
    expect(analyses.map((a) => `NS ${a.par.score > 0 ? '+' : ''}${a.par.score}`)).toEqual(oracle.map((deal) => deal.optimumScore));
  });

  it('answers a par of 0 and no contract when nobody can make anything (passed out)', async () => {
    const six = row(6, 6, 6, 6, 6);
    expect(await pool.pars([{ tricks: { N: six, E: six, S: six, W: six }, dealer: 'N', vulnerability: 'None' }])).toEqual([
      { score: 0, contracts: [] },
    ]);
  });

  it("answers a sacrifice: a doubled contract going down when it costs less than the other side's game", async () => {
    // North-South make 4♠ vulnerable (620); East-West, not vulnerable, take 9 tricks in three suits.
    const ns = row(3, 3, 4, 10, 6);
    const ew = row(9, 9, 9, 3, 6);
    const [par] = await pool.pars([{ tricks: { N: ns, E: ew, S: ns, W: ew }, dealer: 'N', vulnerability: 'NS' }]);
    expect(par!.contracts).toEqual(['5C*-EW-2', '5D*-EW-2', '5H*-EW-2']);
    for (const text of par!.contracts) {
      const { contract, delta } = readPar(text);
      expect(contract.doubled).toBe(1);
      expect(nsScore(contract, 'E', contract.level + 6 + delta, 'NS')).toBe(par!.score);
    }
    expect(par!.score).toBe(300);
    // Both vulnerable, the sacrifice costs 500, still less than 620.
    const [both] = await pool.pars([{ tricks: { N: ns, E: ew, S: ns, W: ew }, dealer: 'N', vulnerability: 'All' }]);
    expect(both).toEqual({ score: 500, contracts: ['5C*-EW-2', '5D*-EW-2', '5H*-EW-2'] });
  });

  it('answers which card keeps the best result in a two-card ending: the entry to partner before giving up the lead', async () => {
    // No trumps, North to lead: the heart ace unblocks South's king-queen and takes a trick; the spade two gives
    // East both tricks.
    const answer = await pool.bestCards({ trump: 'NT', first: 'N', trick: [], remaining: 'N:2.A.. AK... .KQ.. ...32' });
    expect(answer).toEqual({
      cards: [
        { card: 'HA', tricks: 1 },
        { card: 'S2', tricks: 0 },
      ],
      best: ['HA'],
    });
  });

  it("answers for the second hand to a trick under way, every one of its equal cards with its side's tricks", async () => {
    // North has led the spade two; East's ace and king are equals and both take the two tricks left.
    const answer = await pool.bestCards({ trump: 'NT', first: 'N', trick: ['S2'], remaining: 'N:.A.. AK... .KQ.. ...32' });
    expect(answer.cards).toEqual([
      { card: 'SA', tricks: 2 },
      { card: 'SK', tricks: 2 },
    ]);
    expect(answer.best).toEqual(['SA', 'SK']);
  });

  it('reads the trump: a side suit led into a void is ruffed only in a suit contract', async () => {
    // North's ace-king of spades; East holds no spade but the two of hearts.
    const ending = { first: 'N' as const, trick: [], remaining: 'N:AK... .2..2 ..32. ...43' };
    const most = async (trump: 'NT' | 'S' | 'H') => Math.max(...(await pool.bestCards({ ...ending, trump })).cards.map((card) => card.tricks));
    expect(await most('NT')).toBe(2);
    expect(await most('S')).toBe(2);
    expect(await most('H')).toBe(0);
  });

  it("answers the opening lead of a whole deal: each of the leader's thirteen cards, the best as many tricks as the table gives the defence", async () => {
    const deal = oracle[0]!;
    const [table] = await pool.tables([deal.deal]);
    const hands = deal.deal.slice(2).split(' ');
    for (const [declarer, strain] of [
      ['N', 'NT'],
      ['E', 'H'],
      ['S', 'S'],
      ['W', 'D'],
    ] as const) {
      const leader = ({ N: 'E', E: 'S', S: 'W', W: 'N' } as const)[declarer];
      const answer = await pool.bestCards({ trump: strain, first: leader, trick: [], remaining: deal.deal });
      const leaderCards = hands['NESW'.indexOf(leader)]!.split('.').flatMap((ranks, s) => [...ranks].map((rank) => 'SHDC'[s] + rank));
      expect(answer.cards.map((card) => card.card).sort()).toEqual(leaderCards.sort());
      expect(Math.max(...answer.cards.map((card) => card.tricks))).toBe(13 - table![declarer][strain]);
      expect(answer.best.length).toBeGreaterThan(0);
      for (const card of answer.cards) expect(answer.best.includes(card.card)).toBe(card.tricks === 13 - table![declarer][strain]);
    }
  });

  it("refuses a malformed deal with the library's own message, and keeps solving", async () => {
    await expect(pool.tables(['N:AKQ.AKQ.AKQ.AKQ - - -'])).rejects.toThrow(/CalcAllTablesPBN/);
    expect((await pool.tables([oracle[0]!.deal])).map(oracleDigits)).toEqual([oracle[0]!.doubleDummyTricks_NSEW_x_NTSHDC]);
  });
});

describe('a solver process', () => {
  it('leaves with exit code 0 when the pool closes: the library never crashes it at exit', async () => {
    const exits: { code: number | null; signal: string | null }[] = [];
    const pool = new SolverPool({ size: 2, libraryPath: 'libdds.so.0', log, onProcessExit: (code, signal) => exits.push({ code, signal }) });
    expect(await pool.start()).toBe(true);
    await pool.tables(oracle.map((deal) => deal.deal));
    await pool.close();
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  });

  it('leaves at once with exit code 0 when stopped in the middle of a job, which then fails', async () => {
    warnings.length = 0;
    const exits: { code: number | null; signal: string | null }[] = [];
    const pool = new SolverPool({ size: 1, libraryPath: 'libdds.so.0', log, onProcessExit: (code, signal) => exits.push({ code, signal }) });
    expect(await pool.start()).toBe(true);
    const job = pool.tables(oracle.map((deal) => deal.deal));
    const settled = job.then(
      () => 'solved',
      (error: Error) => error.message,
    );
    await vi.waitFor(() => expect(pool.jobsSent).toBe(1));
    await pool.close();
    expect(await settled).toBe('the solver is closing');
    expect(exits).toEqual([{ code: 0, signal: null }]);
    expect(warnings).toEqual([]);
  });

  it('answers a position of the play before the deals already waiting in line', async () => {
    const pool = new SolverPool({ size: 1, libraryPath: 'libdds.so.0', log });
    expect(await pool.start()).toBe(true);
    const answered: string[] = [];
    const tables = pool.tables(oracle.map((deal) => deal.deal)).then(() => answered.push('tables'));
    const play = pool.bestCards({ trump: 'NT', first: 'N', trick: [], remaining: 'N:2.A.. AK... .KQ.. ...32' }).then(() => answered.push('play'));
    await Promise.all([tables, play]);
    expect(answered).toEqual(['play', 'tables']);
    await pool.close();
  });

  it('without the library: the pool says so once, and every call is refused', async () => {
    warnings.length = 0;
    const pool = new SolverPool({ size: 2, libraryPath: '/nonexistent/libdds.so.0', log });
    expect(await pool.start()).toBe(false);
    expect(pool.state).toBe('unavailable');
    await expect(pool.tables([oracle[0]!.deal])).rejects.toThrow('not available');
    expect(warnings).toEqual([expect.stringContaining('double-dummy analysis is not available on this server')]);
    await pool.close();
  });
});
