// @vitest-environment happy-dom
import type { LiveView } from '@bridge/api';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../../../testing/event-source';
import { server, unexpected } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { LiveViewPage } from './live-view-page';
import { reconnectDelay } from '../../../lib/socket';

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyInfo: vi.fn(), notifyError: vi.fn() }));

const KEY = 'club-monday';
const MINUTE = 60_000;

function liveView(overrides: Partial<LiveView> = {}): LiveView {
  return {
    event: {
      key: KEY,
      name: 'Monday pairs',
      startsAt: '2026-11-23T19:30:00+00:00',
      phase: 'play',
      movementName: 'Mitchell',
      tables: 2,
      rounds: 3,
      currentRound: 2,
      scoring: 'matchpoints',
      organiser: 'Dee Director',
      boardsPerRound: 2,
      minutesPerBoard: 7.5,
      showTravellers: true,
      online: false,
      videoChannels: null,
      deals: 'random',
      winners: 2,
    },
    clock: { running: false, elapsedMs: 12 * MINUTE + 5_000, roundMs: 15 * MINUTE },
    grid: [
      {
        round: 1,
        table: 1,
        nsPair: 1,
        ewPair: 1,
        sitOut: false,
        boards: [
          {
            board: 1,
            status: 'confirmed',
            late: false,
            nsScore: 420,
            adjusted: null,
            contract: '4S N',
            entry: { declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10, lead: 'HK' },
            withdrawn: [],
          },
          {
            board: 2,
            status: 'entered',
            late: false,
            nsScore: -100,
            adjusted: null,
            contract: '3NT E',
            entry: { declarer: 'E', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 8, lead: null },
            withdrawn: [],
          },
        ],
      },
      {
        round: 1,
        table: 2,
        nsPair: 2,
        ewPair: 2,
        sitOut: false,
        boards: [
          {
            board: 3,
            status: 'confirmed',
            late: false,
            nsScore: 50,
            adjusted: null,
            contract: '2H W',
            entry: { declarer: 'W', contract: { level: 2, strain: 'H', doubled: 0 }, tricks: 7, lead: null },
            withdrawn: [],
          },
          { board: 4, status: 'notPlayed', late: false, nsScore: null, adjusted: null, contract: null, entry: null, withdrawn: [] },
        ],
      },
      {
        round: 2,
        table: 1,
        nsPair: 1,
        ewPair: 2,
        sitOut: false,
        boards: [
          { board: 3, status: 'missing', late: true, nsScore: null, adjusted: null, contract: null, entry: null, withdrawn: [] },
          { board: 4, status: 'missing', late: false, nsScore: null, adjusted: null, contract: null, entry: null, withdrawn: [] },
        ],
      },
      {
        round: 2,
        table: 2,
        nsPair: 2,
        ewPair: 1,
        sitOut: false,
        boards: [
          { board: 1, status: 'confirmed', late: false, nsScore: null, adjusted: { ns: 'A+', ew: 'A-' }, contract: null, entry: null, withdrawn: [] },
          { board: 2, status: 'missing', late: false, nsScore: null, adjusted: null, contract: null, entry: null, withdrawn: [] },
        ],
      },
    ],
    ranking: [
      {
        key: 'NS1',
        direction: 'NS',
        pair: 1,
        names: ['Ann Able', 'Bob Baker'],
        boards: 2,
        total: 3,
        factoredTotal: null,
        tops: 4,
        percentage: 62.5,
        place: 1,
        label: '1',
      },
      {
        key: 'EW2',
        direction: 'EW',
        pair: 2,
        names: ['Cat Cole', 'Dan Dale'],
        boards: 2,
        total: 1,
        factoredTotal: null,
        tops: 4,
        percentage: 37.5,
        place: 2,
        label: '2',
      },
    ],
    entries: [
      {
        pair: 'NS1',
        table: 1,
        direction: 'NS',
        players: [
          { userId: 'u1', name: 'Ann Able', guest: false },
          { userId: null, name: 'Bob Baker', guest: true },
        ],
      },
      {
        pair: 'EW2',
        table: 2,
        direction: 'EW',
        players: [
          { userId: 'u3', name: 'Cat Cole', guest: false },
          { userId: 'u4', name: 'Dan Dale', guest: false },
        ],
      },
    ],
    directorCalls: [],
    disputedClaims: [],
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };
type Answer = { status?: number; body: unknown };

/**
 * The live view answers the next of `views` (the last one again once they run out); every other call is recorded
 * and answered by `answers[url]` or a plain success.
 */
function serve(views: LiveView[] = [liveView()], answers: Record<string, Answer[]> = {}) {
  const calls: Call[] = [];
  let reads = 0;
  server.use(
    http.get(`/api/v1/direct/events/${KEY}`, () => {
      const view = views[Math.min(reads, views.length - 1)]!;
      reads += 1;
      return jsonResponse({ result: view });
    }),
    http.all('/api/*', async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const url = pathname + search;
      const text = await request.text();
      calls.push({ method: request.method, url, body: text ? JSON.parse(text) : undefined });
      const answer = answers[url]?.shift();
      if (answer) return jsonResponse(answer.body, answer.status ?? 200);
      if (url.endsWith('/clock')) return jsonResponse({ result: { running: true, elapsedMs: 12 * MINUTE + 5_000, roundMs: 15 * MINUTE } });
      if (url.endsWith('/next-round')) return jsonResponse({ result: { round: 3 } });
      if (url.endsWith('/not-played')) return jsonResponse({ result: { notPlayed: true } });
      if (url.endsWith('/complete')) return jsonResponse({ result: { xmlToken: 'x', resultId: 'r' } });
      if (url.endsWith('/results')) return jsonResponse({ result: { score: 450 } });
      return unexpected(request);
    }),
  );
  return { calls, reads: () => reads };
}

installFakeEventSource();
afterEach(() => void vi.useRealTimers());

const renderPage = () => renderApp([{ path: '/console/direct/:key', element: <LiveViewPage /> }], { initialEntry: `/console/direct/${KEY}` });
const board = (name: RegExp) => screen.findByRole('button', { name });

async function openBoard(name: RegExp) {
  fireEvent.click(await board(name));
  return screen.findByRole('dialog', { name: /^Board \d+, table \d+, round \d+$/ });
}

// The result dialog re-renders on each choice; a busy machine needs more than the default 5 s for a whole entry.
describe('LiveViewPage', { timeout: 20_000 }, () => {
  it('shows the event, its round and a grid of tables by rounds with the round in play marked', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday pairs' })).toBeTruthy();
    expect(screen.getByText('In play')).toBeTruthy();
    expect(screen.getByText('Round 2 of 3')).toBeTruthy();
    const grid = screen.getByRole('table', { name: /Boards by table and round/ });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Round 1', 'Round 2 now', 'Round 3']);
    expect(headers[1]!.getAttribute('aria-current')).toBe('true');
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Table 1', 'Table 2']);
    expect(within(grid).getAllByText('NS 1 v EW 2')).toHaveLength(1);
  });

  it('names each board status in words and explains the marks in a legend', async () => {
    serve();
    renderPage();
    expect((await board(/^Board 1, confirmed, 4S N, NS \+420, table 1, round 1$/)).textContent).toContain('✓');
    expect((await board(/^Board 2, entered, not confirmed, 3NT E, NS -100, table 1, round 1$/)).textContent).toContain('✎');
    expect(await board(/^Board 4, not played, table 2, round 1$/)).toBeTruthy();
    expect(await board(/^Board 4, missing, table 1, round 2$/)).toBeTruthy();
    expect(await board(/^Board 1, confirmed, adjusted NS A\+ EW A-, table 2, round 2$/)).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '✓Confirmed by both pairs',
      '✎Entered, waiting for East-West to confirm',
      '·Missing: not entered yet',
      '!Late: missing past the round’s time',
      '✕Not played',
    ]);
  });

  it('flags a board still missing past the round’s time as late, and only that one', async () => {
    serve();
    renderPage();
    const late = await board(/^Board 3, late, table 1, round 2$/);
    expect(late.textContent).toContain('!');
    expect(late.getAttribute('data-mark')).toBe('late');
    expect(screen.getAllByRole('button', { name: /, late,/ })).toHaveLength(1);
  });

  it('shows a paused clock’s time run and left, and starts it', async () => {
    const { calls } = serve();
    renderPage();
    const timer = await screen.findByRole('timer', { name: 'Round clock' });
    expect(timer.textContent).toBe('12:05 of 15:00 2:55 left (paused)');
    fireEvent.click(screen.getByRole('button', { name: 'Start the clock' }));
    await screen.findByRole('button', { name: 'Pause the clock' });
    expect(calls).toEqual([{ method: 'POST', url: `/api/v1/direct/events/${KEY}/clock`, body: { running: true } }]);
  });

  it('pauses a running clock', async () => {
    const running = liveView({ clock: { running: true, elapsedMs: MINUTE, roundMs: 15 * MINUTE } });
    const { calls } = serve([running], {
      [`/api/v1/direct/events/${KEY}/clock`]: [{ body: { result: { running: false, elapsedMs: MINUTE, roundMs: 15 * MINUTE } } }],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause the clock' }));
    await screen.findByRole('button', { name: 'Start the clock' });
    expect(calls[0]!.body).toEqual({ running: false });
  });

  it('runs a running clock on every second and turns late past the round’s time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    serve([liveView({ clock: { running: true, elapsedMs: 15 * MINUTE - 2_000, roundMs: 15 * MINUTE } })]);
    renderPage();
    const timer = await screen.findByRole('timer', { name: 'Round clock' });
    expect(timer.textContent).toBe('14:58 of 15:00 0:02 left');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(timer.textContent).toBe('15:03 of 15:00 Late by 0:03');
  });

  it('enters a result: the Law 77 score appears as it is typed and the line is posted for that table and round', async () => {
    const { calls } = serve();
    renderPage();
    const dialog = await openBoard(/^Board 3, late, table 1, round 2$/);
    expect(within(dialog).getByText('NS 1 (Ann Able & Bob Baker) v EW 2 (Cat Cole & Dan Dale). East-West vulnerable.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'North' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '4' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'hearts' }));
    expect(within(dialog).getByText('Score: complete the result to see it')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Tricks/), { target: { value: '+1' } });
    expect(within(dialog).getByText('Score: NS +450')).toBeTruthy();
    // Doubled, the same tricks score more.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Doubled' }));
    expect(within(dialog).getByText('Score: NS +690')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/v1/tournaments/${KEY}/results`,
        body: {
          round: 2,
          board: 3,
          table: 1,
          nsPair: 1,
          ewPair: 2,
          declarer: 'N',
          contract: { level: 4, strain: 'H', doubled: 1 },
          tricks: 11,
          lead: null,
        },
      },
    ]);
  });

  it('starts a correction from the result as entered', async () => {
    const { calls } = serve();
    renderPage();
    const dialog = await openBoard(/^Board 1, confirmed, .*, table 1, round 1$/);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'North' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: '4' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'spades' }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Tricks/).value).toBe('=');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Opening lead/).value).toBe('HK');
    // One trick fewer: the director changes only the tricks.
    fireEvent.change(within(dialog).getByLabelText(/^Tricks/), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[0]!.body).toMatchObject({
      round: 1,
      board: 1,
      table: 1,
      declarer: 'N',
      contract: { level: 4, strain: 'S', doubled: 0 },
      tricks: 9,
      lead: 'HK',
    });
  });

  it('lists the entries East-West withdrew from a board, and the confirmed lines the table entered again', async () => {
    const view = liveView();
    view.grid[2]!.boards[0]!.withdrawn = [
      {
        entry: { declarer: 'N', contract: { level: 1, strain: 'C', doubled: 0 }, tricks: 7, lead: null },
        contract: '1C N',
        nsScore: 70,
        at: '2026-11-28T19:00:00.000Z',
        reason: 'rejected',
      },
      {
        entry: { declarer: 'S', contract: { level: 2, strain: 'D', doubled: 0 }, tricks: 8, lead: null },
        contract: '2D S',
        nsScore: 90,
        at: '2026-11-28T19:03:00.000Z',
        reason: 'replaced',
      },
      {
        entry: { declarer: null, contract: { level: 0, strain: null, doubled: 0 }, tricks: null, lead: null },
        contract: 'Passed out',
        nsScore: 0,
        at: '2026-11-28T19:05:00.000Z',
        reason: 'rejected',
      },
    ];
    serve([view]);
    renderPage();
    const dialog = await openBoard(/^Board 3, late, table 1, round 2$/);
    expect(within(dialog).getByText('Withdrawn by East-West: 1C N, NS +70; Passed out, 0')).toBeTruthy();
    // A line East-West had confirmed, entered again by the table, is told apart.
    expect(within(dialog).getByText('Confirmed, then entered again by the table: 2D S, NS +90')).toBeTruthy();
    // A board with none says nothing of it.
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    const other = await openBoard(/^Board 4, missing, table 1, round 2$/);
    expect(within(other).queryByText(/Withdrawn/)).toBeNull();
  });

  it('scores a vulnerable declarer going down by the board’s vulnerability', async () => {
    serve();
    renderPage();
    const dialog = await openBoard(/^Board 3, late, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'East' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '3' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'no trumps' }));
    fireEvent.change(within(dialog).getByLabelText(/^Tricks/), { target: { value: '-2' } });
    expect(within(dialog).getByText('Score: NS +200')).toBeTruthy();
  });

  it('posts a passed-out board as level 0', async () => {
    const { calls } = serve();
    renderPage();
    const dialog = await openBoard(/^Board 4, missing, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Passed out' }));
    expect(within(dialog).getByText('Score: 0')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      round: 2,
      board: 4,
      table: 1,
      nsPair: 1,
      ewPair: 2,
      declarer: null,
      contract: { level: 0, strain: 'NT', doubled: 0 },
      tricks: 0,
    });
  });

  it('asks for what is missing at its field without posting', async () => {
    const { calls } = serve();
    renderPage();
    const dialog = await openBoard(/^Board 4, missing, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('radio', { name: '2' }));
    fireEvent.change(within(dialog).getByLabelText(/^Tricks/), { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByLabelText(/^Opening lead/), { target: { value: 'K' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    expect(await within(dialog).findByText('Choose the declarer')).toBeTruthy();
    expect(within(dialog).getByText('A lead is a suit and a rank: SA, HT, D2')).toBeTruthy();
    expect(within(dialog).getByText('Choose the strain')).toBeTruthy();
    expect(within(dialog).getByText('Tricks are =, +1, -2 or a number 0-13')).toBeTruthy();
    expect(within(dialog).getByRole('radiogroup', { name: 'Declarer' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal at the field it names and keeps the dialog open', async () => {
    serve([liveView()], {
      [`/api/v1/tournaments/${KEY}/results`]: [
        {
          status: 400,
          body: { error: 'Tricks must be 0-13', code: 'validation_failed', issues: [{ path: 'tricks', message: 'Tricks must be 0-13' }] },
        },
      ],
    });
    renderPage();
    const dialog = await openBoard(/^Board 4, missing, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'South' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '1' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'clubs' }));
    fireEvent.change(within(dialog).getByLabelText(/^Tricks/), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    const tricks = within(dialog).getByLabelText(/^Tricks/);
    await waitFor(() => expect(tricks.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Tricks must be 0-13')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a refusal without a field (the board is not at that table) in the dialog', async () => {
    serve([liveView()], {
      [`/api/v1/tournaments/${KEY}/results`]: [
        { status: 400, body: { error: 'Board 9 is not played at table 1 in round 2', code: 'validation_failed' } },
      ],
    });
    renderPage();
    const dialog = await openBoard(/^Board 4, missing, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Passed out' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save result' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Board 9 is not played at table 1 in round 2');
  });

  it('gives an adjusted score for each side', async () => {
    const { calls } = serve();
    renderPage();
    const dialog = await openBoard(/^Board 2, missing, table 2, round 2$/);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Adjusted score' }));
    const ns = within(dialog).getByRole('radiogroup', { name: 'North-South' });
    const ew = within(dialog).getByRole('radiogroup', { name: 'East-West' });
    fireEvent.click(within(ns).getByRole('radio', { name: 'Average plus' }));
    fireEvent.click(within(ew).getByRole('radio', { name: 'Average minus' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give adjusted score' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: `/api/v1/tournaments/${KEY}/results`,
      body: { round: 2, board: 2, table: 2, nsPair: 2, ewPair: 1, adjusted: { ns: 'A+', ew: 'A-' } },
    });
  });

  it('marks a board not played, and a not-played board as to be played', async () => {
    const { calls } = serve();
    renderPage();
    let dialog = await openBoard(/^Board 4, missing, table 1, round 2$/);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Not played' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark not played' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openBoard(/^Board 4, not played, table 2, round 1$/);
    // A board marked not played opens on its tab.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as to be played' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { method: 'POST', url: `/api/v1/direct/events/${KEY}/not-played`, body: { round: 2, table: 1, board: 4, notPlayed: true } },
      { method: 'POST', url: `/api/v1/direct/events/${KEY}/not-played`, body: { round: 1, table: 2, board: 4, notPlayed: false } },
    ]);
  });

  it('shows the provisional ranking with places, pairs, names and percentages', async () => {
    serve();
    renderPage();
    const ranking = await screen.findByRole('table', { name: 'Provisional ranking' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'NS1', 'Ann Able & Bob Baker', '2', '62.50%'],
      ['2', 'EW2', 'Cat Cole & Dan Dale', '2', '37.50%'],
    ]);
  });

  it('shows IMPs in an IMP event', async () => {
    const view = liveView();
    view.event.scoring = 'cross-imps';
    view.ranking = [{ ...view.ranking[0]!, total: 12, factoredTotal: 18, percentage: null }];
    serve([view]);
    renderPage();
    const ranking = await screen.findByRole('table', { name: 'Provisional ranking' });
    expect(within(ranking).getByRole('columnheader', { name: 'IMPs' })).toBeTruthy();
    expect(within(ranking).getByText('+18.0')).toBeTruthy();
  });

  it('reads the view again when the stream says it changed, and says when it is reconnecting', async () => {
    const changed = liveView();
    changed.grid[2]!.boards[0] = {
      board: 3,
      status: 'entered',
      late: false,
      nsScore: 450,
      adjusted: null,
      contract: '4H N',
      entry: { declarer: 'N', contract: { level: 4, strain: 'H', doubled: 0 }, tricks: 11, lead: null },
      withdrawn: [],
    };
    changed.ranking = [{ ...changed.ranking[0]!, percentage: 70 }];
    const { reads } = serve([liveView(), liveView(), changed]);
    renderPage();
    await board(/^Board 3, late, table 1, round 2$/);
    const source = FakeEventSource.instances.at(-1)!;
    expect(source.url).toBe(`/api/v1/direct/events/${KEY}/stream`);
    expect(screen.getByRole('status').textContent).toBe('Connecting');
    // Open: the view is read again, as the first read may have come before the stream.
    source.emit('open');
    expect(screen.getByRole('status').textContent).toBe('Live');
    await waitFor(() => expect(reads()).toBe(2));
    source.emit('change');
    expect(await board(/^Board 3, entered, not confirmed, 4H N, NS \+450, table 1, round 2$/)).toBeTruthy();
    expect(await screen.findByText('70.00%')).toBeTruthy();
    expect(reads()).toBe(3);
    source.emit('error');
    expect(screen.getByRole('status').textContent).toBe('Reconnecting');
    // Back again: what changed while away is read.
    source.emit('open');
    expect(screen.getByRole('status').textContent).toBe('Live');
    await waitFor(() => expect(reads()).toBe(4));
  });

  it('opens a new stream after the browser gave one up, and reads what changed meanwhile', async () => {
    const { reads } = serve([liveView(), liveView()]);
    renderPage();
    await screen.findByRole('region', { name: 'Tables by rounds' });
    const first = FakeEventSource.instances.at(-1)!;
    first.emit('open');
    await waitFor(() => expect(reads()).toBe(2));
    vi.useFakeTimers();
    // A 502 from a proxy while the server restarts: the browser closes the stream and does not try again.
    first.fail({ givenUp: true });
    expect(screen.getByRole('status').textContent).toBe('Reconnecting');
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(0));
    });
    vi.useRealTimers();
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.emit('open');
    expect(screen.getByRole('status').textContent).toBe('Live');
    // Read when it was given up (the page shows what the server now says) and again once open.
    await waitFor(() => expect(reads()).toBe(4));
  });

  it('closes the stream on leaving the page', async () => {
    serve();
    const { unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Monday pairs' });
    const source = FakeEventSource.instances.at(-1)!;
    unmount();
    expect(source.closed).toBe(true);
  });

  it("links each table to its video chat in an online event in play, and not in a club's", async () => {
    const view = liveView();
    view.event.online = true;
    view.event.videoChannels = [`${KEY}table0`, `${KEY}table1`];
    serve([view]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Video chat of table 2' });
    expect(link.getAttribute('href')).toBe(`/video/chat?video=true&audio=true&name=Table+2&table=${KEY}table1`);
  });

  it('offers no video links at a club session', async () => {
    serve();
    renderPage();
    await screen.findByRole('region', { name: 'Tables by rounds' });
    expect(screen.queryByRole('link', { name: /^Video chat/ })).toBeNull();
  });

  it('lists the calls for the director of an online event, each with a link to join the table as the director', async () => {
    const view = liveView({ directorCalls: [{ table: 2, seat: 'E', at: '2026-11-23T20:15:00.000Z' }] });
    view.event.online = true;
    serve([view]);
    renderPage();
    const calls = await screen.findByRole('region', { name: 'A call for the director' });
    expect(within(calls).getByRole('listitem').textContent).toMatch(/^Table 2: East called at \d\d:\d\d/);
    const join = within(calls).getByRole('link', { name: 'Join the table, table 2' });
    expect(join.getAttribute('href')).toBe(`/play/${KEY}?table=2`);
    // Every online table can be joined from the grid too, calling or not.
    const grid = screen.getByRole('region', { name: 'Tables by rounds' });
    expect(within(grid).getByRole('link', { name: 'Join the table, table 1' }).getAttribute('href')).toBe(`/play/${KEY}?table=1`);
    expect(within(grid).getByRole('link', { name: 'Join the table, table 2' }).getAttribute('href')).toBe(`/play/${KEY}?table=2`);
  });

  it('flags the tables of an online event with a disputed claim, each with a link to join the table and rule', async () => {
    const view = liveView({
      disputedClaims: [{ table: 2, round: 2, board: 5, seat: 'N', tricks: 9, rejectedBy: 'E', at: '2026-11-23T20:15:00.000Z' }],
    });
    view.event.online = true;
    serve([view]);
    renderPage();
    const flags = await screen.findByRole('region', { name: 'A disputed claim' });
    expect(within(flags).getByRole('listitem').textContent).toMatch(/^Table 2, board 5: North claimed 9 tricks, East rejected it at \d\d:\d\d/);
    expect(within(flags).getByRole('link', { name: 'Join the table, table 2' }).getAttribute('href')).toBe(`/play/${KEY}?table=2`);
  });

  it('tells the director of a call that comes in while the view is open, and counts the calls in the title', async () => {
    const quiet = liveView();
    quiet.event.online = true;
    const called = liveView({ directorCalls: [{ table: 2, seat: 'E', at: '2026-11-23T20:15:00.000Z' }] });
    called.event.online = true;
    serve([quiet, called]);
    renderPage();
    await screen.findByRole('region', { name: 'Tables by rounds' });
    expect(screen.queryByRole('alert')).toBeNull();
    const source = FakeEventSource.instances.at(-1)!;
    source.emit('open');
    source.emit('change');
    expect((await screen.findByRole('alert')).textContent).toBe('New: East called the director at table 2');
    expect(document.title).toMatch(/^\(1\) /);
  });

  it('lists the calls already open when the view opens without announcing them', async () => {
    const view = liveView({ directorCalls: [{ table: 2, seat: 'E', at: '2026-11-23T20:15:00.000Z' }] });
    view.event.online = true;
    serve([view]);
    renderPage();
    await screen.findByRole('region', { name: 'A call for the director' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no table to join at a club session, nor once an online event is complete', async () => {
    serve();
    renderPage();
    await screen.findByRole('region', { name: 'Tables by rounds' });
    expect(screen.queryByRole('link', { name: /^Join the table/ })).toBeNull();
    cleanup();

    const done = liveView({ directorCalls: [{ table: 1, seat: 'N', at: '2026-11-23T20:15:00.000Z' }] });
    done.event.online = true;
    done.event.phase = 'complete';
    serve([done]);
    renderPage();
    await screen.findByRole('region', { name: 'Tables by rounds' });
    expect(screen.queryByRole('link', { name: /^Join the table/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /for the director/ })).toBeNull();
  });

  it('moves to the next round after confirming', async () => {
    const { calls } = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Next round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start round 3?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next round' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', url: `/api/v1/direct/events/${KEY}/next-round`, body: {} }]));
  });

  it('starts a session in preparation, which cannot be completed yet', async () => {
    const view = liveView();
    view.event.phase = 'preparation';
    view.event.currentRound = 0;
    const { calls } = serve([view], { [`/api/v1/direct/events/${KEY}/start`]: [{ body: { result: { round: 1 } } }] });
    renderPage();
    expect(await screen.findByText('3 rounds')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next round' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start the session' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', url: `/api/v1/direct/events/${KEY}/start`, body: {} }]));
  });

  it('offers no next round in the last round', async () => {
    const view = liveView();
    view.event.currentRound = 3;
    serve([view]);
    renderPage();
    expect((await screen.findByRole('button', { name: 'Next round' })).hasAttribute('disabled')).toBe(true);
  });

  it('completes the event after saying the results become public and players are emailed', async () => {
    const { calls } = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the event?' });
    expect(dialog.textContent).toMatch(/results become public/);
    expect(dialog.textContent).toMatch(/emailed/);
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete and publish' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', url: `/api/v1/tournaments/${KEY}/complete`, body: {} }]));
  });

  it('links to the entries and the printed cards', async () => {
    serve();
    renderPage();
    expect((await screen.findByRole('link', { name: 'Entries' })).getAttribute('href')).toBe(`/console/direct/${KEY}/entries`);
    expect(screen.getByRole('link', { name: /table cards/ }).getAttribute('href')).toBe(`/api/v1/direct/events/${KEY}/table-cards.pdf`);
    expect(screen.getByRole('link', { name: /pair guide/ }).getAttribute('href')).toBe(`/api/v1/direct/events/${KEY}/pair-guides.pdf`);
  });

  it('says when the event cannot be loaded', async () => {
    server.use(http.get(`/api/v1/direct/events/${KEY}`, () => jsonResponse({ error: 'Event not found', code: 'not_found' }, 404)));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Event not found');
  });
});
