// @vitest-environment happy-dom
import type { EntryView, LiveView } from '@bridge/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server, type SeenRequest } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { EntriesPage } from './entries-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyInfo: vi.fn(), notifyError: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const player = (name: string, userId: string | null = null) => ({ userId, name, guest: userId === null });

/** A two-table Mitchell: NS2's opponents (EW2) are not entered, so NS2 sits out round 1. */
const entries: EntryView[] = [
  {
    pair: 'NS1',
    table: 1,
    direction: 'NS',
    players: [player('Isha Pillai', '11111111-1111-4111-8111-111111111111'), player('Ravi Rao', '22222222-2222-4222-8222-222222222222')],
  },
  { pair: 'NS2', table: 2, direction: 'NS', players: [player('Meera Das'), player('Arjun Das')] },
  { pair: 'EW1', table: 1, direction: 'EW', players: [player('Kavya Nair', '33333333-3333-4333-8333-333333333333'), player('Tom Guest')] },
  { pair: 'EW2', table: 2, direction: 'EW', players: [] },
];

const live = (phase: LiveView['event']['phase'], deals: LiveView['event']['deals'] = 'random'): LiveView => ({
  event: {
    key: 'thu1',
    name: 'Thursday Pairs',
    startsAt: '2026-12-03T19:30:00.000Z',
    phase,
    movementName: 'Mitchell',
    tables: 2,
    rounds: 2,
    currentRound: phase === 'preparation' ? 0 : 1,
    scoring: 'matchpoints',
    organiser: 'Isha Pillai',
    boardsPerRound: 4,
    minutesPerBoard: 7.5,
    showTravellers: true,
    online: false,
    videoChannels: null,
    deals,
    winners: 2,
  },
  clock: { running: false, elapsedMs: 0, roundMs: 1_800_000 },
  grid: [],
  ranking: [],
  entries,
  directorCalls: [],
  disputedClaims: [],
});

type Answer = { status?: number; body: unknown };
type Call = SeenRequest;

function serve(
  options: { phase?: LiveView['event']['phase']; deals?: LiveView['event']['deals']; save?: Answer[]; start?: Answer; importAnswer?: Answer } = {},
) {
  const calls = recordRequests();
  const EVENT = '/api/v1/direct/events/thu1';
  server.use(
    http.get(EVENT, () => jsonResponse({ result: live(options.phase ?? 'preparation', options.deals) })),
    http.get(`${EVENT}/entries`, () => jsonResponse({ result: { pairs: entries } })),
    http.put(`${EVENT}/entries`, () => {
      const answer = options.save?.shift() ?? { body: { result: { pairs: entries } } };
      return jsonResponse(answer.body, answer.status);
    }),
    http.get('/api/v1/direct/players', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      const found = q === 'ann' ? [{ userId: '44444444-4444-4444-8444-444444444444', name: 'Ann Example', bfiId: '12345' }] : [];
      return jsonResponse({ result: found });
    }),
    http.post(`${EVENT}/start`, () => jsonResponse(options.start?.body ?? { result: { round: 1 } }, options.start?.status)),
    http.post('/api/v1/tournaments/thu1/import', () =>
      jsonResponse(options.importAnswer?.body ?? { result: { imported: 8 } }, options.importAnswer?.status),
    ),
  );
  return calls;
}

function renderEntries() {
  return renderApp(
    [
      { path: '/console/direct/:key/entries', element: <EntriesPage /> },
      { path: '/console/direct/:key', element: <p>Live view</p> },
    ],
    { initialEntry: '/console/direct/thu1/entries' },
  );
}

const field = (pair: string, n: number) => screen.findByRole('textbox', { name: `Pair ${pair}, player ${n}` });
const saveButton = () => screen.getAllByRole('button', { name: 'Save' })[0]!;
const putBody = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').at(-1)?.body as { pairs: { pair: string; players: unknown[] }[] };

describe('Entries', () => {
  it('shows each pair of the movement with its players, and the pair without opponents sits out', async () => {
    serve();
    renderEntries();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thursday Pairs' })).toBeTruthy();
    expect(((await field('NS1', 1)) as HTMLInputElement).value).toBe('Isha Pillai');
    expect(((await field('EW1', 2)) as HTMLInputElement).value).toBe('Tom Guest');
    const ns2 = screen.getByRole('listitem', { name: 'Pair NS2' });
    expect(ns2.textContent).toContain('Sits out round 1');
    expect(screen.getByRole('listitem', { name: 'Pair EW2' }).textContent).toContain('Not entered');
    expect(screen.getByText(/3 of 4 pairs entered; Pair NS2 sits out in round 1/)).toBeTruthy();
    expect(screen.getByText('With an odd number of pairs, one pair sits out each round.')).toBeTruthy();
  });

  it('finds a registered player by search, keeps a typed name as a guest, and saves the whole list', async () => {
    const calls = serve();
    renderEntries();
    const first = await field('EW2', 1);
    fireEvent.focus(first);
    // Typed quickly, the name is searched once, after the last key.
    for (const text of ['a', 'an', 'ann']) fireEvent.change(first, { target: { value: text } });
    const option = await screen.findByRole('option', { name: /Ann Example/ });
    expect(option.textContent).toContain('BFI 12345');
    expect(calls.filter((c) => c.url.startsWith('/api/v1/direct/players?')).map((c) => c.url)).toEqual(['/api/v1/direct/players?q=ann']);
    fireEvent.click(option);
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Ann Example'));
    expect(document.getElementById('player-EW2-0-description')?.textContent).toBe('Registered player');

    const second = await field('EW2', 2);
    fireEvent.change(second, { target: { value: 'Lee Visitor' } });
    expect(document.getElementById('player-EW2-1-description')?.textContent).toBe('Guest: shown by name on the results');
    fireEvent.click(saveButton());
    await waitFor(() => expect(putBody(calls)).toBeTruthy());
    expect(putBody(calls).pairs).toEqual([
      { pair: 'NS1', players: [{ userId: '11111111-1111-4111-8111-111111111111' }, { userId: '22222222-2222-4222-8222-222222222222' }] },
      { pair: 'NS2', players: [{ name: 'Meera Das' }, { name: 'Arjun Das' }] },
      { pair: 'EW1', players: [{ userId: '33333333-3333-4333-8333-333333333333' }, { name: 'Tom Guest' }] },
      { pair: 'EW2', players: [{ userId: '44444444-4444-4444-8444-444444444444' }, { name: 'Lee Visitor' }] },
    ]);
  });

  it('withdraws a pair and swaps two pairs’ numbers in the list it saves', async () => {
    const calls = serve();
    renderEntries();
    await field('NS1', 1);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Pair NS2' }));
    expect(((await field('NS2', 1)) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getAllByLabelText('Swap pair')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Pair NS1' }));
    fireEvent.click(screen.getAllByLabelText('with pair')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Pair EW1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Swap numbers' }));
    expect(((await field('NS1', 1)) as HTMLInputElement).value).toBe('Kavya Nair');
    fireEvent.click(saveButton());
    await waitFor(() => expect(putBody(calls)).toBeTruthy());
    expect(putBody(calls).pairs).toEqual([
      { pair: 'NS1', players: [{ userId: '33333333-3333-4333-8333-333333333333' }, { name: 'Tom Guest' }] },
      { pair: 'EW1', players: [{ userId: '11111111-1111-4111-8111-111111111111' }, { userId: '22222222-2222-4222-8222-222222222222' }] },
    ]);
  });

  it('refuses a pair with one player at the field, and shows the server’s refusal at the field it names', async () => {
    const calls = serve({
      save: [
        {
          status: 400,
          body: {
            error: 'Ann Example is already in pair NS1',
            code: 'validation_failed',
            issues: [{ path: 'pairs.3.players.0', message: 'Ann Example is already in pair NS1' }],
          },
        },
      ],
    });
    renderEntries();
    const lone = await field('EW2', 1);
    fireEvent.change(lone, { target: { value: 'Lee Visitor' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Give both players, or withdraw the pair')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(await field('EW2', 2), { target: { value: 'Sam Visitor' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Ann Example is already in pair NS1')).toBeTruthy();
    expect(lone.getAttribute('aria-invalid')).toBe('true');
  });

  it('starts the session after a confirmation and opens the live view; not while changes are unsaved', async () => {
    const calls = serve();
    renderEntries();
    const first = await field('EW2', 1);
    const start = screen.getByRole<HTMLButtonElement>('button', { name: 'Start the session' });
    expect(start.disabled).toBe(false);
    fireEvent.change(first, { target: { value: 'Lee Visitor' } });
    expect(start.disabled).toBe(true);
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(start.disabled).toBe(false));

    fireEvent.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'Start the session?' });
    expect(calls.some((c) => c.url.endsWith('/start'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Live view')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/v1/direct/events/thu1/start').map((c) => c.method)).toEqual(['POST']);
  });

  it('shows the server’s refusal of the start', async () => {
    serve({ start: { status: 409, body: { error: 'Enter at least two pairs before the start', code: 'conflict' } } });
    renderEntries();
    await field('NS1', 1);
    fireEvent.click(screen.getByRole('button', { name: 'Start the session' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Start the session?' })).getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter at least two pairs before the start');
  });

  it('links the printed table cards and pair guides, as PDF and as the print view', async () => {
    serve();
    renderEntries();
    await field('NS1', 1);
    const print = screen.getByRole('region', { name: 'Print' });
    const hrefs = within(print)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/console/direct/thu1/print/tables',
      '/api/v1/direct/events/thu1/table-cards.pdf',
      '/console/direct/thu1/print/pairs',
      '/api/v1/direct/events/thu1/pair-guides.pdf',
    ]);
  });

  it('after the start, shows the entries read-only with a link to the live view', async () => {
    serve({ phase: 'play' });
    renderEntries();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Kavya Nair & Tom Guest (guest)')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start the session' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the live view' }).getAttribute('href')).toBe('/console/direct/thu1');
  });

  it('uploads the PBN file of an event whose deals come from one', async () => {
    const calls = serve({ deals: 'pbn' });
    const { container } = renderEntries();
    await field('NS1', 1);
    const section = screen.getByRole('region', { name: 'Deals from a PBN file' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['[Board "1"]\n'], 'deals.pbn', { type: 'text/plain' })] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Upload the deals' }));
    expect(await within(section).findByText('8 deals imported.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/tournaments/thu1/import')?.body).toEqual({ pbn: '[Board "1"]\n' });
  });
});
