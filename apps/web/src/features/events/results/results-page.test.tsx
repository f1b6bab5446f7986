// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../lib/storage';
import { recordRequests, server } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { ResultsPage } from './results-page';
import { buildEventResults } from './test-fixture';

const RESULTS = '/api/v1/tournaments/:key/results';
/** The seats of the signed-in player in the event. */
const PAIRS = '/api/v1/tournaments/mine/:key/pairs';

/** The results answer `body`; every request of the test is recorded. */
function serve(body: unknown, status = 200) {
  const requests = recordRequests();
  server.use(http.get(RESULTS, () => jsonResponse(body, status)));
  return requests;
}

const renderResults = (key = 'SPRING26') => renderApp([{ path: '/results/:key', element: <ResultsPage /> }], { initialEntry: `/results/${key}` });

describe('ResultsPage', () => {
  it('shows the event, both rankings, the hands and the travellers', async () => {
    const requests = serve({ result: buildEventResults() });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Pairs' })).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/v1/tournaments/SPRING26/results');
    expect(screen.getByText('Matchpoints')).toBeTruthy();
    expect(screen.queryByText('Live results')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download XML' }).getAttribute('href')).toBe('/api/v1/tournaments/SPRING26/results.xml');
    expect(screen.getByRole('link', { name: 'Download PBN' }).hasAttribute('download')).toBe(true);
    // Board 1 has a deal: the hand records are printed.
    expect(screen.getByRole('link', { name: 'Hand records (PDF)' }).getAttribute('href')).toBe('/api/v1/tournaments/SPRING26/hand-records.pdf');

    const ns = screen.getByRole('table', { name: 'North-South' });
    const ew = screen.getByRole('table', { name: 'East-West' });
    const firstNs = within(ns).getAllByRole('row')[1]!;
    expect(within(firstNs).getByText('1=')).toBeTruthy();
    expect(within(firstNs).getByText('Ann Baker & Ben Carter')).toBeTruthy();
    expect(within(firstNs).getByText('75.00%')).toBeTruthy();
    // The matchpoints and their top beside the percentage: 3 of the 4 a pair could score on its two boards.
    expect(within(firstNs).getByText('3 of 4')).toBeTruthy();
    expect(within(firstNs).getAllByRole('cell')[2]!.textContent).toBe('75.00%3 of 4 matchpoints');
    expect(within(ew).getAllByText('1=')).toHaveLength(2);
    expect(
      within(ns)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Place', 'Pair', 'Names', 'Score', 'Boards']);

    // Board 1: the hands around the table, with dealer and vulnerability spelled out.
    expect(screen.getAllByText('Board 1')[0]!.tagName).toBe('SUMMARY');
    expect(screen.getAllByText('Dealer North, Vulnerable: None').length).toBeGreaterThan(0);
    const north = screen.getByRole('list', { name: "North's hand" });
    expect(
      within(north)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['♠ spades A K Q 2', '♥ hearts K J 5', '♦ diamonds A 7 3', '♣ clubs K 8 4']);
    expect(within(screen.getByRole('list', { name: "East's hand" })).getByText('J 10 9 8')).toBeTruthy();
    // Board 2 has no known deal: dealer and vulnerability only.
    expect(screen.getAllByText('Dealer East, Vulnerable: North-South').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('figure')).toHaveLength(1);

    // Each traveller says what its top is (two results besides one's own on a board: a top of 2).
    expect(screen.getAllByText('Top on this board: 2 matchpoints')).toHaveLength(2);
    const traveller = screen.getByRole('table', { name: 'Traveller of board 1' });
    expect(within(traveller).getAllByText('3NT')).toHaveLength(2);
    expect(within(traveller).getByText('430')).toBeTruthy();
    expect(within(traveller).getByText('−430')).toBeTruthy();
    // The scores follow the contract and tricks come last (then the tricks against double dummy, where the deal
    // is analysed), so a phone's traveller shows the NS score unscrolled.
    expect(
      within(traveller)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['NS', 'EW', 'Contract', 'By', 'NS score', 'EW score', 'NS points', 'EW points', 'Tricks', 'DD']);
    expect(within(screen.getByRole('table', { name: 'Traveller of board 2' })).getByText('Passed out')).toBeTruthy();
  });

  it('offers no hand records while no board has a deal', async () => {
    const base = buildEventResults();
    serve({ result: { ...base, boards: base.boards.map((board) => ({ ...board, deal: null })) } });
    renderResults();

    expect(await screen.findByRole('link', { name: 'Download PBN' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hand records (PDF)' })).toBeNull();
  });

  it("shows a pair's scorecard from its own side", async () => {
    serve({ result: buildEventResults() });
    renderResults();

    fireEvent.click(await screen.findByRole('button', { name: 'Scorecard of pair EW 2' }));
    expect(screen.getByRole('heading', { name: 'Scorecard of pair EW 2' })).toBeTruthy();
    const card = screen.getByRole('table', { name: 'Boards played by pair EW 2' });
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[1]).toEqual(['1', 'NS 2', '3NT', 'S', '9', '−400', '1']);
    expect(rows[2]).toEqual(['2', 'NS 3', '3♦ diamonds ', 'W', '9', '110', '2']);
    expect(rows[3]).toEqual(['Total', '3']);

    fireEvent.click(screen.getByRole('button', { name: 'Close scorecard' }));
    expect(screen.queryByRole('heading', { name: 'Scorecard of pair EW 2' })).toBeNull();
  });

  it("opens the scorecard of the pair the address names (?pair=, the results mail's link), and ignores a pair it does not have", async () => {
    serve({ result: buildEventResults() });
    renderApp([{ path: '/results/:key', element: <ResultsPage /> }], { initialEntry: '/results/SPRING26?pair=EW2' });
    expect(await screen.findByRole('heading', { name: 'Scorecard of pair EW 2' })).toBeTruthy();
    cleanup();

    serve({ result: buildEventResults() });
    renderApp([{ path: '/results/:key', element: <ResultsPage /> }], { initialEntry: '/results/SPRING26?pair=EW99' });
    await screen.findByRole('button', { name: 'Scorecard of pair EW 2' });
    expect(screen.queryByRole('heading', { name: /^Scorecard of pair/ })).toBeNull();
  });

  it('shows one ranking and signed IMP totals in a one-winner IMP event that is still live', async () => {
    const base = buildEventResults();
    serve({
      result: buildEventResults({
        scoringMethod: 'cross-imps',
        scoreType: 'IMP',
        winners: 1,
        status: 'active',
        completedAt: null,
        xmlUrl: null,
        pairs: base.pairs.map((pair) => {
          const number = pair.direction === 'EW' ? pair.pair + 3 : pair.pair;
          return { ...pair, key: String(number), pair: number, direction: null, total: pair.total - 1.5, percentage: null };
        }),
      }),
    });
    renderResults();

    expect(await screen.findByText('Live results')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Ranking' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'North-South' })).toBeNull();
    expect(screen.getAllByText('+1.50').length).toBeGreaterThan(0);
    expect(screen.getAllByText('−1.50').length).toBeGreaterThan(0);
    expect(screen.getByText('Cross-IMPs')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download XML' })).toBeNull();
  });

  it('ranks an IMP event by the factored score when a pair played fewer boards, and shows its IMPs beside it', async () => {
    const base = buildEventResults();
    const imp = (key: string, boards: number, total: number, factoredTotal: number, place: number) => {
      const pair = base.pairs.find((p) => p.key === key)!;
      return { ...pair, boards, total, factoredTotal, percentage: null, tops: 0, place, label: String(place) };
    };
    serve({
      result: buildEventResults({
        scoringMethod: 'cross-imps',
        scoreType: 'IMP',
        pairs: [
          imp('NS2', 2, 9.5, 14.25, 1),
          imp('NS1', 3, 13.5, 13.5, 2),
          ...base.pairs.filter((p) => p.direction === 'EW').map((p) => ({ ...p, factoredTotal: p.total, percentage: null })),
        ],
      }),
    });
    renderResults();

    const ns = await screen.findByRole('table', { name: 'North-South' });
    expect(
      within(ns)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Place', 'Pair', 'Names', 'Factored score', 'IMPs', 'Boards']);
    const rows = within(ns)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows.map((cells) => [cells[0], cells[3], cells[4], cells[5]])).toEqual([
      ['1', '+14.25', '+9.50', '2'],
      ['2', '+13.50', '+13.50', '3'],
    ]);
    // Every EW pair played every board: one score column.
    const ew = screen.getByRole('table', { name: 'East-West' });
    expect(
      within(ew)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Place', 'Pair', 'Names', 'Score', 'Boards']);
  });

  it("marks the signed-in viewer's pair in the ranking, its scorecard and the travellers, with a 'You' badge", async () => {
    setStoredUser({
      uid: 'u1',
      displayName: 'Ann Baker',
      email: 'ann@example.com',
      emailVerified: true,
      photoUrl: null,
      phoneNumber: null,
      contact: null,
      bfiId: null,
      city: null,
      postalIndexNumber: null,
      role: 'player',
    });
    const requests = serve({ result: buildEventResults() });
    server.use(http.get(PAIRS, () => jsonResponse({ result: { pairs: ['NS1'] } })));
    renderResults();

    const ns = await screen.findByRole('table', { name: 'North-South' });
    const mine = await within(ns).findByText('You');
    expect(mine.closest('tr')!.textContent).toContain('Ann Baker & Ben Carter');
    expect(within(screen.getByRole('table', { name: 'East-West' })).queryByText('You')).toBeNull();
    expect(screen.getByText(/You played as pair NS 1: place 1=, 75.00%/)).toBeTruthy();
    expect(requests.map(({ url }) => url)).toContain('/api/v1/tournaments/mine/SPRING26/pairs');

    const traveller = screen.getByRole('table', { name: 'Traveller of board 1' });
    const marked = within(traveller)
      .getAllByText('You')
      .map((badge) => badge.closest('tr')!.firstElementChild!.textContent);
    expect(marked).toEqual(['NS 1You']);

    fireEvent.click(screen.getByRole('button', { name: 'Scorecard of pair NS 1' }));
    expect(within(screen.getByRole('heading', { name: /Scorecard of pair NS 1/ })).getByText('You')).toBeTruthy();
  });

  it("offers the players seated in an event in play the way to their table's video, and nobody else", async () => {
    const ann = {
      uid: 'u1',
      displayName: 'Ann Baker',
      email: 'ann@example.com',
      emailVerified: true,
      photoUrl: null,
      phoneNumber: null,
      contact: null,
      bfiId: null,
      city: null,
      postalIndexNumber: null,
      role: 'player' as const,
    };
    const answer = (status: 'active' | 'complete', pairs: string[]) => {
      const requests = serve({ result: buildEventResults({ status }) });
      server.use(http.get(PAIRS, () => jsonResponse({ result: { pairs } })));
      return requests;
    };
    const link = () => screen.queryByRole('link', { name: "Join the table's video" });

    setStoredUser(ann);
    answer('active', ['NS1']);
    const view = renderResults();
    expect((await screen.findByRole('link', { name: "Join the table's video" })).getAttribute('href')).toBe('/video?key=SPRING26');
    view.unmount();
    server.resetHandlers();

    // The live results are the organiser's: a seated player is told so, and still finds the way to the table.
    server.use(
      http.get(PAIRS, () => jsonResponse({ result: { pairs: ['NS1'] } })),
      http.get(RESULTS, () => jsonResponse({ error: 'Only the organiser can see these results', code: 'forbidden' }, 403)),
    );
    const closed = renderResults();
    expect(await screen.findByText('These results are not public yet')).toBeTruthy();
    expect((await screen.findByRole('link', { name: "Join the table's video" })).getAttribute('href')).toBe('/video?key=SPRING26');
    closed.unmount();
    server.resetHandlers();

    // Seated in a completed event, or signed in without a seat in this one: no video to join.
    for (const [status, pairs] of [
      ['complete', ['NS1']],
      ['active', []],
    ] as const) {
      const requests = answer(status, [...pairs]);
      const again = renderResults();
      await screen.findByRole('table', { name: 'North-South' });
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      expect(link()).toBeNull();
      again.unmount();
      server.resetHandlers();
    }
  });

  it('marks nothing and asks nothing more when signed out', async () => {
    const requests = serve({ result: buildEventResults() });
    renderResults();
    await screen.findByRole('table', { name: 'North-South' });
    expect(requests).toHaveLength(1);
    expect(screen.queryByText('You')).toBeNull();
  });

  it('shows the results unmarked when the stored session has expired (401 for the pairs)', async () => {
    setStoredUser({
      uid: 'u1',
      displayName: 'Ann Baker',
      email: 'ann@example.com',
      emailVerified: true,
      photoUrl: null,
      phoneNumber: null,
      contact: null,
      bfiId: null,
      city: null,
      postalIndexNumber: null,
      role: 'player',
    });
    const requests = serve({ result: buildEventResults() });
    server.use(http.get(PAIRS, () => jsonResponse({ error: 'Please log in to continue', code: 'unauthorized' }, 401)));
    renderResults();
    await screen.findByRole('table', { name: 'North-South' });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.queryByText('You')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the event does not exist', async () => {
    serve({ error: 'Tournament not found', code: 'not_found' }, 404);
    renderResults('NOPE');

    expect(await screen.findByRole('heading', { name: 'We could not find results for this event' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See our tournaments' }).getAttribute('href')).toBe('/tournaments');
  });

  it('says the results are not public yet when the event may not be seen', async () => {
    serve({ error: 'Forbidden', code: 'forbidden' }, 403);
    renderResults();

    expect(await screen.findByRole('heading', { name: 'These results are not public yet' })).toBeTruthy();
  });

  it('shows other errors with a Retry button that asks again', async () => {
    const requests = serve({ result: buildEventResults() });
    server.use(http.get(RESULTS, () => jsonResponse({ error: 'Database is busy', code: 'service_unavailable' }, 400), { once: true }));
    renderResults();

    expect(await screen.findByText('Database is busy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Pairs' })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });
});
