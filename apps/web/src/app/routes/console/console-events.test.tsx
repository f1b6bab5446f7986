// @vitest-environment happy-dom
import { messages, type AdminParticipant, type PastEvent } from '@bridge/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server, unexpected } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { filterParticipants } from '../../../features/events/api/my-events';
import { PastEventPreviewPage, SolitairePreviewPage } from './event-preview-page';
import { PastEventsPage } from './past-events-page';
import { SolitairePage } from './solitaire-page';

const pastEvent = (key: string, overrides: Partial<PastEvent> = {}): PastEvent => ({
  objectId: `o-${key}`,
  createdAt: '2026-11-20T18:00:00.000Z',
  completedAt: '2026-11-20T21:00:00.000Z',
  userData: { names: 'Isha Pillai', email: 'isha@example.org', contact: null },
  tournament: { key, tables: 3, gameDetails: JSON.stringify({ typeName: `Pairs ${key}`, movementType: 'Mitchell', scoreType: 'Match Point' }) },
  resultId: null,
  xmlToken: null,
  scoreData: {},
  ...overrides,
});

const participant = (names: string, overrides: Partial<AdminParticipant> = {}): AdminParticipant => ({
  objectId: `p-${names}`,
  key: 'evt1',
  table: 1,
  side: 0,
  isBot: false,
  createdAt: '2026-11-20T17:00:00.000Z',
  editedAt: '2026-11-20T17:00:00.000Z',
  registeredAt: null,
  userData: { names, email: `${names.toLowerCase().replace(' ', '.')}@example.org`, contact: '+91 98450 00000' },
  ...overrides,
});

/**
 * Answers by address prefix (longest first), the tables in play with none unless told; anything else goes unanswered,
 * so a stray request fails the test.
 */
function mockApi(told: Record<string, { status?: number; body: unknown }>) {
  const answers: Record<string, { status?: number; body: unknown }> = { [TABLES]: { body: { result: { tables: [] } } }, ...told };
  const prefixes = Object.keys(answers).sort((a, b) => b.length - a.length);
  const requests = recordRequests();
  server.use(
    http.all('/api/*', ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const match = prefixes.find((prefix) => (pathname + search).startsWith(prefix));
      return match ? jsonResponse(answers[match]!.body, answers[match]!.status ?? 200) : unexpected(request);
    }),
  );
  return requests;
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const HISTORY = '/api/v1/tournaments/mine/history';
const TABLES = '/api/v1/video/tables';
const noHistory = { result: { events: [], summary: { eventsPlayed: 0, bestPercentage: null, bestImps: null } } };
const historyEvent = (key: string, name: string, completedAt: string, score: { percentage?: number; imps?: number }) => ({
  key,
  name,
  completedAt,
  scoreType: score.imps === undefined ? 'Match Point' : 'IMP',
  movementType: 'Mitchell',
  pair: { key: 'NS1', direction: 'NS', pairNo: 1, names: ['Isha Pillai', 'Ravi Rao'] },
  percentage: score.percentage ?? null,
  imps: score.imps ?? null,
  place: 2,
  label: '2',
  of: 7,
});
const list = (data: PastEvent[]) => ({ body: { result: { data, lastDocId: null } } });
/** The value of one figure of the history (`dt` then its `dd`). */
const figure = (panel: HTMLElement, label: string) => within(panel).getByText(label).nextElementSibling?.textContent;

describe('Bridge Results', () => {
  it('asks the server for the pair events of the signed-in user and lists them with preview and results links', async () => {
    const requests = mockApi({ '/api/v1/tournaments/mine': list([pastEvent('evt1'), pastEvent('evt2')]), [HISTORY]: { body: noHistory } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const link = await screen.findByRole('link', { name: 'evt1' });
    expect(link.getAttribute('href')).toBe('/console/my-past-events/all-my-past-events/evt1/participants');
    const urls = requests.map(({ url }) => url).filter((url) => url !== HISTORY && url !== TABLES);
    expect(urls.every((url) => url.startsWith('/api/v1/tournaments/mine?'))).toBe(true);
    expect(urls.some((url) => url.includes('type=pair'))).toBe(true);
    // Each row links to the event's public results page.
    expect(screen.getByRole('link', { name: 'Results of evt2' }).getAttribute('href')).toBe('/results/evt2');
    // No export and no delete in the user console.
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for evt1' }));
    expect((await screen.findByRole('menuitem', { name: 'View Results' })).getAttribute('href')).toBe('/results/evt1');
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('shows the history: events played, the best percentage and IMPs with their results links, and a chart of each', async () => {
    mockApi({
      '/api/v1/tournaments/mine': list([pastEvent('evt1')]),
      [HISTORY]: {
        body: {
          result: {
            events: [
              historyEvent('evt1', 'Monday Pairs', '2026-10-05T21:00:00.000Z', { percentage: 48.5 }),
              historyEvent('evt2', 'IMP Night', '2026-10-12T21:00:00.000Z', { imps: -3.25 }),
              historyEvent('evt3', 'Club Pairs', '2026-10-19T21:00:00.000Z', { percentage: 61.27 }),
            ],
            summary: { eventsPlayed: 3, bestPercentage: { key: 'evt3', value: 61.27 }, bestImps: { key: 'evt2', value: -3.25 } },
          },
        },
      },
    });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const panel = await screen.findByRole('region', { name: 'Your history' });
    await within(panel).findByText('Events played');
    expect(figure(panel, 'Events played')).toBe('3');
    expect(figure(panel, 'Best percentage')).toBe('61.27%');
    expect(within(panel).getByRole('link', { name: 'Club Pairs: results' }).getAttribute('href')).toBe('/results/evt3');
    expect(figure(panel, 'Best IMPs')).toBe('\u22123.25');
    expect(within(panel).getByRole('link', { name: 'IMP Night: results' }).getAttribute('href')).toBe('/results/evt2');

    const percentages = within(panel).getByRole('img', { name: /^Percentage per event \(matchpoints\): 2 events/ });
    expect(percentages.getAttribute('aria-label')).toContain('latest 61.27%, highest 61.27%, lowest 48.50%');
    expect(within(panel).getByRole('img', { name: /^IMPs per event: 1 event/ })).toBeTruthy();
    const table = within(panel).getByRole('table', { name: 'Percentage per event (matchpoints)' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Monday Pairs5 Oct 2648.50%', 'Club Pairs19 Oct 2661.27%']);
  });

  it("lists the player's events in play, each with a way to their table's video, and nothing when there are none", async () => {
    const table = { key: 'live1', name: 'Thursday Pairs', table: 3, channel: 'live1table2', seat: 'East', play: false };
    const online = { key: 'web2', name: 'Online Pairs', table: 1, channel: 'web2table0', seat: 'South', play: true };
    mockApi({ '/api/v1/tournaments/mine': list([]), [HISTORY]: { body: noHistory }, [TABLES]: { body: { result: { tables: [table, online] } } } });
    const view = renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const panel = await screen.findByRole('region', { name: 'Events in play' });
    expect(within(panel).getByText('Thursday Pairs')).toBeTruthy();
    expect(within(panel).getByText('Table 3, East · key live1')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: "Join the table's video: Thursday Pairs" }).getAttribute('href')).toBe('/video?key=live1');
    // Only an event played online has a table to sit at.
    expect(within(panel).queryByRole('link', { name: 'Take your seat: Thursday Pairs' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Take your seat: Online Pairs' }).getAttribute('href')).toBe('/play/web2');
    view.unmount();
    vi.restoreAllMocks();

    mockApi({ '/api/v1/tournaments/mine': list([]), [HISTORY]: { body: noHistory }, [TABLES]: { body: { result: { tables: [] } } } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    await screen.findByRole('region', { name: 'Your history' });
    expect(screen.queryByRole('region', { name: 'Events in play' })).toBeNull();
  });

  it('says so when the user has played no scored event yet', async () => {
    mockApi({ '/api/v1/tournaments/mine': list([]), [HISTORY]: { body: noHistory } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const panel = await screen.findByRole('region', { name: 'Your history' });
    await within(panel).findByText(/No results yet/);
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('shows an error with Retry when the history cannot be loaded, and the list still works', async () => {
    mockApi({
      '/api/v1/tournaments/mine': list([pastEvent('evt1')]),
      [HISTORY]: { status: 503, body: { error: 'Database is busy', code: 'service_unavailable' } },
    });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const panel = await screen.findByRole('region', { name: 'Your history' });
    expect((await within(panel).findByRole('alert')).textContent).toContain('Database is busy');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'evt1' })).toBeTruthy();
  });
});

describe('Console event preview', () => {
  const routes = [
    { path: '/console/my-past-events/all-my-past-events/:key', element: <PastEventPreviewPage /> },
    { path: '/console/my-past-events/all-my-past-events/:key/:tab', element: <PastEventPreviewPage /> },
  ];

  it("shows the participants of one of the user's events from its own record", async () => {
    const requests = mockApi({
      '/api/v1/tournaments/mine/evt1': {
        body: {
          result: { ...pastEvent('evt1'), status: 'complete', participants: [participant('Asha Rao'), participant('Ravi Kumar', { side: 2 })] },
        },
      },
    });
    renderApp(routes, { initialEntry: '/console/my-past-events/all-my-past-events/evt1' });
    expect(await screen.findByRole('heading', { name: 'Pairs evt1' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).getByText('Asha Rao')).toBeTruthy();
    expect(within(table).getByText('South')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Event Details/ }).getAttribute('href')).toBe('/console/my-past-events/all-my-past-events');
    expect(requests.every(({ url }) => url.startsWith('/api/v1/tournaments/mine/evt1'))).toBe(true);
  });

  it("shows a player the reduced answer of an event in play: own lines only, no one else's email or phone", async () => {
    const line = {
      table: 1,
      North: 'Asha Rao',
      South: null,
      East: null,
      West: null,
      ns: 1,
      ew: 1,
      score: 400,
      dealer: 'N',
      declarer: 'N',
      contract: '3,5',
      doubled: 0,
      nsTricks: 9,
      ewTricks: 4,
      totalTricks: 13,
      vulnerable: 'None',
      adjusted: null,
    };
    mockApi({
      '/api/v1/tournaments/mine/live1': {
        body: {
          result: {
            ...pastEvent('live1', { completedAt: null, scoreData: { round_number_1: { board_number_1: { table_1: line } } } }),
            status: 'active',
            participants: [
              participant('Asha Rao'),
              participant('Ravi Kumar', { side: 1, userData: { names: 'Ravi Kumar', email: null, contact: null } }),
            ],
          },
        },
      },
    });
    renderApp(routes, { initialEntry: '/console/my-past-events/all-my-past-events/live1/participants' });
    const table = await screen.findByRole('table', { name: 'Participants' });
    const ravi = within(table).getByText('Ravi Kumar').closest('tr')!;
    expect(within(ravi).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByRole('tab', { name: 'Board Results' }));
    const results = await screen.findByRole('table', { name: 'Board Results' });
    expect(within(results).getAllByRole('row')).toHaveLength(2);
  });

  it("shows not found for another user's event (the server answers 404)", async () => {
    mockApi({ '/api/v1/tournaments/mine/theirs': { status: 404, body: { error: 'Tournament not found', code: 'not_found' } } });
    renderApp(routes, { initialEntry: '/console/my-past-events/all-my-past-events/theirs/details' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.eventNotFound);
  });

  it('previews a solitaire event with participants and details only', async () => {
    mockApi({
      '/api/v1/tournaments/mine/sol1': { body: { result: { ...pastEvent('sol1'), status: 'complete', participants: [participant('Asha Rao')] } } },
    });
    renderApp([{ path: '/s/:key/:tab', element: <SolitairePreviewPage /> }], { initialEntry: '/s/sol1/participants' });
    expect(await screen.findByRole('heading', { name: 'Pairs sol1' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Participants' });
    expect(screen.queryByRole('tab', { name: /Board Results/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Board Results/ })).toBeNull();
  });
});

describe('Solitaire', () => {
  it('lists the solitaire events of the signed-in user', async () => {
    const requests = mockApi({ '/api/v1/tournaments/mine': { body: { result: { data: [pastEvent('sol1')], lastDocId: null } } } });
    renderApp(<SolitairePage />, { path: '/console/solitaire/solitaire-events/solitaire-past-events' });
    expect(await screen.findByText('sol1')).toBeTruthy();
    await waitFor(() => expect(requests.some(({ url }) => url.includes('type=solitaire'))).toBe(true));
  });
});

describe('filterParticipants', () => {
  const people = [
    participant('Asha Rao'),
    participant('Ravi Kumar', { createdAt: '2026-11-22T09:00:00.000Z', userData: { names: 'Ravi Kumar', email: null, contact: '+91 99999 11111' } }),
  ];
  it('matches name, email or contact, and the registration day range', () => {
    expect(filterParticipants(people, {}).map((p) => p.userData.names)).toEqual(['Asha Rao', 'Ravi Kumar']);
    expect(filterParticipants(people, { query: 'asha' }).map((p) => p.userData.names)).toEqual(['Asha Rao']);
    expect(filterParticipants(people, { query: '99999' }).map((p) => p.userData.names)).toEqual(['Ravi Kumar']);
    expect(filterParticipants(people, { startDate: '2026-11-21' }).map((p) => p.userData.names)).toEqual(['Ravi Kumar']);
    expect(filterParticipants(people, { endDate: '2026-11-20' }).map((p) => p.userData.names)).toEqual(['Asha Rao']);
  });
});
