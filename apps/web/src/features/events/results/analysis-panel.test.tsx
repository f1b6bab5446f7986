// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { againstDoubleDummy } from './analysis';
import { ResultsPage } from './results-page';
import { buildEventResults } from './test-fixture';

const serve = (body: unknown) => server.use(http.get('/api/v1/tournaments/:key/results', () => jsonResponse(body)));
const renderResults = () => renderApp([{ path: '/results/:key', element: <ResultsPage /> }], { initialEntry: '/results/SPRING26' });

describe('the double-dummy analysis on the results page', () => {
  it('shows beside the hands what each hand makes in each strain, and the par', async () => {
    serve({ result: buildEventResults() });
    renderResults();
    const grid = await screen.findByRole('table', { name: /Double-dummy makeable contracts of board 1/ });
    const rows = within(grid).getAllByRole('row');
    // Columns clubs to no trumps; rows North, South, East, West; a level is the tricks over six.
    expect(rows.map((row) => row.textContent)).toEqual([
      '♣ clubs ♦ diamonds ♥ hearts ♠ spades NT',
      'NNorth66566',
      'SSouth66566',
      'EEast–nothing–nothing–nothing–nothing–nothing',
      'WWest–nothing–nothing–nothing–nothing–nothing',
    ]);
    expect(within(grid).getAllByTitle('North takes 11 tricks in hearts')).toHaveLength(1);
    expect(screen.getByText(/^Par/).textContent).toBe('Par 6NT by NS by North-South, +990 for North-South');
    // Board 2 has no deal: no grid.
    expect(screen.getAllByRole('table', { name: /Double-dummy makeable contracts/ })).toHaveLength(1);
  });

  it('puts each traveller line against double dummy: over, equal or under what the declarer makes', async () => {
    serve({ result: buildEventResults() });
    renderResults();
    const traveller = await screen.findByRole('table', { name: 'Traveller of board 1' });
    expect(within(traveller).getByRole('columnheader', { name: 'DD' })).toBeTruthy();
    // 3NT by N making 10 (12 double dummy), 3NT by S making 9, 4♠ by N making 9.
    const cells = within(traveller)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[9]!.querySelector('span')!.getAttribute('aria-label'));
    expect(cells).toEqual(['2 under double dummy', '3 under double dummy', '3 under double dummy']);
    // Board 2 has no analysis: no column.
    expect(within(screen.getByRole('table', { name: 'Traveller of board 2' })).queryByRole('columnheader', { name: 'DD' })).toBeNull();
  });

  it('says when the analysis is on its way, and when this server has none', async () => {
    const pending = buildEventResults();
    pending.boards[0]!.analysis = null;
    serve({ result: pending });
    const { unmount } = renderResults();
    expect(await screen.findByText('Double-dummy analysis of this deal is on its way.')).toBeTruthy();
    expect(screen.queryByText('Double-dummy analysis is not available on this server.')).toBeNull();
    unmount();
    server.resetHandlers();

    serve({ result: buildEventResults({ analysisAvailable: false, boards: pending.boards }) });
    renderResults();
    expect(await screen.findByText('Double-dummy analysis is not available on this server.')).toBeTruthy();
    expect(screen.queryByText('Double-dummy analysis of this deal is on its way.')).toBeNull();
  });
});

describe('the analysis helpers', () => {
  it('compares only played contracts with a declarer and tricks', () => {
    const analysis = buildEventResults().boards[0]!.analysis;
    const line = { contract: { level: 4, strain: 'S' as const, doubled: 0 }, declarer: 'S' as const, tricks: 12, adjusted: null };
    expect(againstDoubleDummy(line, analysis)).toBe(0);
    expect(againstDoubleDummy({ ...line, declarer: 'E' }, analysis)).toBe(11);
    expect(againstDoubleDummy({ ...line, contract: { level: 0, strain: null, doubled: 0 } }, analysis)).toBeNull();
    expect(againstDoubleDummy({ ...line, adjusted: { ns: 'A+', ew: 'A-' } }, analysis)).toBeNull();
    expect(againstDoubleDummy(line, null)).toBeNull();
  });
});
