import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePbn, readAnalysisTags } from '@bridge/engine';
import type { EventResults } from '@bridge/api';
import { buildApp } from '../../app.ts';
import { buildTestApp, openTestDatabase, testConfig } from '../../../test/build-test-app.ts';
import { buildClient, buildCompletedEvent, buildTournament, clientOf } from '../../../test/factories.ts';
import { SolverPool } from './solver-pool.ts';

// Double-dummy analysis through the API, with the real DDS library in real solver processes.

const DEAL_A = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
const DEAL_B = 'N:KT.JT865.AQT6.A5 A74.AQ2.K8752.92 QJ983.K943.J.Q73 652.7.943.KJT864';
const withSolver = { analysis: { workers: 1, library: 'libdds.so.0' } };

const quietLog = { warn: () => undefined, error: () => undefined };
/** A second, separate solver: what each board's analysis must equal. */
const reference = new SolverPool({ size: 1, libraryPath: 'libdds.so.0', log: quietLog });
afterAll(() => reference.close());

const resultsOf = async (client: { get(url: string): Promise<{ statusCode: number; body: string; json(): unknown }> }, key: string) => {
  const response = await client.get(`/api/v1/tournaments/${key}/results`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { result: EventResults }).result;
};

describe('double-dummy analysis of the deals of an event', () => {
  it("analyses a new event's random deals in the background: each board's table and par are its deal's", async () => {
    const t = await buildTestApp(withSolver);
    await t.app.analysis.start();
    const { key, organiser } = await buildTournament(t.app);
    await t.app.analysis.idle();
    const results = await resultsOf(organiser, key);
    expect(results.analysisAvailable).toBe(true);
    expect(results.boards.length).toBeGreaterThan(0);
    const tables = await reference.tables(results.boards.map((b) => b.deal!));
    const pars = await reference.pars(results.boards.map((b, i) => ({ tricks: tables[i]!, dealer: b.dealer, vulnerability: b.vulnerability })));
    expect(results.boards.map((b) => b.analysis)).toEqual(results.boards.map((_, i) => ({ tricks: tables[i], par: pars[i] })));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: true, analysis: true });
  });

  it("keeps a complete event's results out of caches while its analysis is on its way", async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const off = await buildApp({ config: testConfig(), database, logger: false });
      await off.ready();
      const { key, organiser } = await buildCompletedEvent(off);
      expect((await organiser.get(`/api/v1/tournaments/${key}/results`)).headers['cache-control']).toBe('public, max-age=60');
      await off.close();
      // A server with the solver: the deals are pending until it is through.
      const on = await buildApp({ config: testConfig(withSolver), database, logger: false });
      await on.ready();
      await on.analysis.start();
      const client = clientOf(on, organiser.user, organiser.cookie);
      const pending = await client.get(`/api/v1/tournaments/${key}/results`);
      // Asked at once, while the solver works through the event's deals (seconds of work).
      expect(pending.json().result.boards.some((b: { analysis: unknown }) => !b.analysis)).toBe(true);
      expect(pending.headers['cache-control']).toBe('no-store');
      await on.analysis.idle();
      expect((await client.get(`/api/v1/tournaments/${key}/results`)).headers['cache-control']).toBe('public, max-age=60');
      await on.close();
    } finally {
      await database.close();
      await drop();
    }
  });

  it('solves a deal once, whichever events deal it: a second event, or another board number, only takes its par', async () => {
    const t = await buildTestApp(withSolver);
    await t.app.analysis.start();
    const organiser = await buildClient(t.app);
    const first = await buildTournament(t.app, { organiser, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const second = await buildTournament(t.app, { organiser, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    expect((await organiser.put(`/api/v1/tournaments/${first.key}/boards/1`, { deal: DEAL_A })).statusCode).toBe(200);
    await t.app.analysis.idle();
    expect(t.app.analysis.stats).toEqual({ tablesSolved: 1, parsComputed: 1 });

    expect((await organiser.put(`/api/v1/tournaments/${second.key}/boards/1`, { deal: DEAL_A })).statusCode).toBe(200);
    await t.app.analysis.idle();
    expect(t.app.analysis.stats).toEqual({ tablesSolved: 1, parsComputed: 1 });
    const [board1] = (await resultsOf(organiser, second.key)).boards;
    expect(board1!.analysis).toEqual((await resultsOf(organiser, first.key)).boards[0]!.analysis);

    // Board 2 has another dealer and vulnerability: the same table, its own par.
    expect((await organiser.put(`/api/v1/tournaments/${second.key}/boards/2`, { deal: DEAL_A })).statusCode).toBe(200);
    await t.app.analysis.idle();
    expect(t.app.analysis.stats).toEqual({ tablesSolved: 1, parsComputed: 2 });
    const board2 = (await resultsOf(organiser, second.key)).boards.find((b) => b.board === 2)!;
    expect(board2.analysis!.tricks).toEqual(board1!.analysis!.tricks);
    const [par] = await reference.pars([{ tricks: board1!.analysis!.tricks, dealer: board2.dealer, vulnerability: board2.vulnerability }]);
    expect(board2.analysis!.par).toEqual(par);
    expect(await t.database.db.selectFrom('dealAnalyses').select('dealHash').execute()).toHaveLength(1);
  });

  it('puts the deals of a PBN import in line, and a board without a deal has no analysis', async () => {
    const t = await buildTestApp(withSolver);
    await t.app.analysis.start();
    const organiser = await buildClient(t.app);
    const { key } = await buildTournament(t.app, { organiser, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const pbn = `[Board "1"]\n[Deal "${DEAL_A}"]\n\n[Board "3"]\n[Deal "${DEAL_B}"]\n`;
    expect((await organiser.post(`/api/v1/tournaments/${key}/import`, { pbn })).statusCode).toBe(200);
    await t.app.analysis.idle();
    const boards = (await resultsOf(organiser, key)).boards;
    expect(boards.filter((b) => b.analysis).map((b) => b.board)).toEqual([1, 3]);
    expect(boards.filter((b) => !b.deal).every((b) => b.analysis === null)).toBe(true);
    expect(t.app.analysis.stats.tablesSolved).toBe(2);
  });

  it('resumes the line after a restart: deals queued while the solver was off are analysed by the next server', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const off = await buildApp({ config: testConfig(), database, logger: false });
      await off.ready();
      const { key, organiser } = await buildTournament(off);
      const pending = await resultsOf(organiser, key);
      expect(pending.analysisAvailable).toBe(false);
      expect(pending.boards.every((b) => b.deal && b.analysis === null)).toBe(true);
      expect((await off.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ analysis: false });
      await off.close();

      const on = await buildApp({ config: testConfig(withSolver), database, logger: false });
      await on.ready();
      await on.analysis.start();
      await on.analysis.idle();
      const results = await resultsOf(clientOf(on, organiser.user, organiser.cookie), key);
      expect(results.boards.every((b) => b.analysis !== null)).toBe(true);
      expect(on.analysis.stats.tablesSolved).toBe(results.boards.length);
      expect(await database.db.selectFrom('analysisQueue').selectAll().execute()).toEqual([]);
      await on.close();
    } finally {
      await database.close();
      await drop();
    }
  });

  it("writes each board's analysis in the event's PBN file, in the standard tags", async () => {
    const t = await buildTestApp(withSolver);
    await t.app.analysis.start();
    const organiser = await buildClient(t.app);
    const { key } = await buildTournament(t.app, { organiser, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    expect((await organiser.put(`/api/v1/tournaments/${key}/boards/1`, { deal: DEAL_A })).statusCode).toBe(200);
    await t.app.analysis.idle();
    const analysis = (await resultsOf(organiser, key)).boards[0]!.analysis!;
    const file = (await organiser.get(`/api/v1/tournaments/${key}/pbn`)).body;
    const board1 = parsePbn(file).find((game) => game.get('Board')?.value === '1')!;
    expect(readAnalysisTags(board1)).toEqual(analysis);
    expect(file).toContain('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  7\nN  S  7');
    expect(file).toContain(`[OptimumScore "NS ${analysis.par.score}"]`);
    expect(file).toContain('[ParContract "NS 1NT"]');
    // A board with no deal yet has no analysis tags.
    const board2 = parsePbn(file).find((game) => game.get('Board')?.value === '2')!;
    expect(board2.has('OptimumResultTable')).toBe(false);
  });

  it('keeps the analysis a PBN import carries: shown and exported again, even on a server without the solver', async () => {
    const t = await buildTestApp();
    const organiser = await buildClient(t.app);
    const { key } = await buildTournament(t.app, { organiser, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const fixture = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/bridge/fixtures/pbn/endplay_example2.pbn'), 'utf8');
    const carried = parsePbn(fixture).find((game) => game.has('OptimumResultTable'))!;
    const pbn = `[Board "1"]\n[Deal "${carried.get('Deal')!.value}"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n${carried
      .get('OptimumResultTable')!
      .section.join('\n')}\n[OptimumScore "${carried.get('OptimumScore')!.value}"]\n[ParContract "NS 1NT"]\n`;
    const imported = await organiser.post(`/api/v1/tournaments/${key}/import`, { pbn });
    expect(imported.statusCode, imported.body).toBe(200);
    const expected = readAnalysisTags(carried)!;
    const [board1] = (await resultsOf(organiser, key)).boards;
    expect(board1!.analysis!.tricks).toEqual(expected.tricks);
    expect(board1!.analysis!.par).toEqual({ score: 90, contracts: ['1N-NS'] });
    const exported = parsePbn((await organiser.get(`/api/v1/tournaments/${key}/pbn`)).body).find((game) => game.get('Board')?.value === '1')!;
    expect(exported.get('OptimumResultTable')!.section).toEqual(carried.get('OptimumResultTable')!.section);
    expect(exported.get('ParContract')!.value).toBe('NS 1NT');
    // A table it cannot read (19 lines, or 14 tricks) leaves the file's analysis out: the deal is imported all the same.
    for (const unread of [pbn.replace(/\nN NT +\d+/, ''), pbn.replace(/\nN NT +\d+/, '\nN NT 14')]) {
      const again = await organiser.post(`/api/v1/tournaments/${key}/import`, { pbn: unread });
      expect(again.statusCode, again.body).toBe(200);
      const [board] = (await resultsOf(organiser, key)).boards;
      expect(board!.deal).toBe(carried.get('Deal')!.value);
      expect(board!.analysis).toBeNull();
    }
  });

  it("imports every deal of a file whose analysis tags are incomplete, and the solver makes the boards' analysis", async () => {
    const t = await buildTestApp(withSolver);
    await t.app.analysis.start();
    const organiser = await buildClient(t.app);
    // 3 tables, 3 rounds of 8 boards: boards 1-24.
    const { key } = await buildTournament(t.app, { organiser, boardsPerRound: 8, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const fixtures = path.resolve(import.meta.dirname, '../../../../../packages/bridge/fixtures/pbn');
    // The layout of a BridgeWebs hand-records file: DoubleDummyTricks and a 20-line OptimumResultTable, no OptimumScore.
    const clubNight = fs.readFileSync(path.join(fixtures, 'bridgewebs_layout_24_boards.pbn'), 'utf8');
    const imported = await organiser.post(`/api/v1/tournaments/${key}/import`, { pbn: clubNight });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().result).toMatchObject({ imported: 24 });
    await t.app.analysis.idle();
    const games = parsePbn(clubNight);
    const boards = (await resultsOf(organiser, key)).boards;
    expect(boards.map((b) => b.deal)).toEqual(games.map((g) => g.get('Deal')!.value));
    // The solver's tables agree with the file's DoubleDummyTricks (declarers N S E W, each NT S H D C).
    const digits = (tricks: NonNullable<(typeof boards)[number]['analysis']>['tricks']) =>
      (['N', 'S', 'E', 'W'] as const).map((seat) => (['NT', 'S', 'H', 'D', 'C'] as const).map((s) => tricks[seat][s].toString(16)).join('')).join('');
    expect(boards.map((b) => digits(b.analysis!.tricks))).toEqual(games.map((g) => g.get('DoubleDummyTricks')!.value));

    // endplay's sample: its OptimumResultTable has North's and West's 10 lines only.
    const sample = await organiser.post(`/api/v1/tournaments/${key}/import`, {
      pbn: fs.readFileSync(path.join(fixtures, 'endplay_sample.pbn'), 'utf8'),
    });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json().result).toMatchObject({ imported: 2 });
  });

  it('without the library: everything else works, analysis is null and health says false; the line waits', async () => {
    const t = await buildTestApp({ analysis: { workers: 2, library: '/nonexistent/libdds.so.0' } });
    await t.app.analysis.start();
    const { key, organiser } = await buildTournament(t.app);
    await t.app.analysis.idle();
    const results = await resultsOf(organiser, key);
    expect(results.analysisAvailable).toBe(false);
    expect(results.boards.map((b) => b.analysis)).toEqual(results.boards.map(() => null));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: true, analysis: false });
    expect(await t.database.db.selectFrom('analysisQueue').selectAll().execute()).toHaveLength(results.boards.length);
  });
});
