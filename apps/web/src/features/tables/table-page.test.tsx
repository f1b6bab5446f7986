// @vitest-environment happy-dom
import { TableStateSchema, type TableState } from '@bridge/api';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { storageKeys } from '../../lib/storage';
import { FakeEventSource, installFakeEventSource } from '../../testing/event-source';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { TablePage } from './table-page';

// The entry form is many taps, each a render: on a busy machine that takes seconds, not a failure.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

let calls: Call[] = [];
let handle: Handler;

const entered = { declarer: 'N' as const, contract: { level: 3, strain: 'NT' as const, doubled: 1 }, tricks: 7, lead: null };

function buildState(overrides: Partial<TableState> = {}): TableState {
  return TableStateSchema.parse({
    round: 3,
    nsPair: 4,
    ewPair: 7,
    boards: [
      { board: 5, status: 'open', nsScore: null, dealer: 'N', vulnerability: 'NS', entry: null },
      { board: 6, status: 'entered', nsScore: -300, dealer: 'E', vulnerability: 'EW', entry: entered },
      {
        board: 7,
        status: 'confirmed',
        nsScore: 620,
        dealer: 'S',
        vulnerability: 'All',
        entry: { declarer: 'S', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10, lead: 'HK' },
      },
    ],
    next: { text: 'EW to table 4; boards to table 2', nsTable: 3, ewTable: 4, boardsTable: 2 },
    event: { key: 'CLUB1', name: 'Tuesday Pairs', rounds: 7, showTravellers: true, online: false, videoChannel: null },
    table: 3,
    names: { ns: ['Ann Baker', 'Ben Carter'], ew: ['Cat Dunn', 'Dan Evans'] },
    sitOut: false,
    started: true,
    complete: false,
    ...overrides,
  });
}

const STATE_URL = '/api/v1/tables/CLUB1/3';
const isState = (call: Call) => call.method === 'GET' && call.url === STATE_URL;
const posts = (suffix: string) => calls.filter((call) => call.method === 'POST' && call.url === `${STATE_URL}${suffix}`);

const traveller = {
  board: 5,
  lines: [
    {
      round: 3,
      table: 3,
      nsPair: 4,
      ewPair: 7,
      contract: { level: 4, strain: 'S', doubled: 0 },
      declarer: 'N',
      tricks: 10,
      nsScore: 620,
      adjusted: null,
      ns: 2,
      ew: 0,
    },
    {
      round: 1,
      table: 1,
      nsPair: 1,
      ewPair: 2,
      contract: { level: 4, strain: 'H', doubled: 0 },
      declarer: 'S',
      tricks: 9,
      nsScore: -100,
      adjusted: null,
      ns: 0,
      ew: 2,
    },
  ],
};

/** Serves a table whose state is `state()` and answers every other call with `more`, else 404. */
function serveTable(state: () => TableState, more: Handler = () => jsonResponse({ error: 'Not found' }, 404)) {
  handle = (call) => (isState(call) ? jsonResponse({ result: state() }) : more(call));
}

const renderTable = () => renderApp([{ path: paths.table.path, element: <TablePage /> }], { initialEntry: paths.table.getHref('CLUB1', 3) });

const group = (name: string) => screen.getByRole('group', { name });
const press = (groupName: string, button: string) => fireEvent.click(within(group(groupName)).getByRole('button', { name: button }));
const scoreShown = () =>
  screen.getByText((_, element) => element?.tagName === 'P' && /^North-South [+\u22120-9]/.test(element.textContent ?? '')).textContent;

installFakeEventSource();
beforeEach(() => {
  calls = [];
  // Every call of the page goes through the test's `handle`, which each test sets.
  server.use(
    http.all('/api/*', async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const text = await request.text();
      const call = { method: request.method, url: pathname + search, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      return handle(call);
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('opening a table', () => {
  it('asks for the six-digit code, says a wrong code and the limit at the field, then loads the table', async () => {
    let opened = false;
    let answer: Response = jsonResponse({ error: 'Wrong table code', code: 'forbidden' }, 403);
    handle = (call) => {
      if (isState(call))
        return opened ? jsonResponse({ result: buildState() }) : jsonResponse({ error: 'No table session', code: 'unauthorized' }, 401);
      if (call.url === `${STATE_URL}/open`) {
        if (answer.status === 200) opened = true;
        return answer;
      }
      return jsonResponse({}, 404);
    };
    renderTable();

    expect(await screen.findByRole('heading', { level: 1, name: 'Table 3' })).toBeTruthy();
    const field = screen.getByLabelText<HTMLInputElement>('Table code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    // Too short: said at the field, nothing sent.
    fireEvent.change(field, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    expect(await screen.findByText('A table code is six digits')).toBeTruthy();
    expect(posts('/open')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    expect(await screen.findByText('Wrong table code')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts('/open')[0]!.body).toEqual({ code: '123456' });

    answer = jsonResponse({ error: 'Too many wrong table codes; wait 15 minutes and try again', code: 'rate_limited' }, 429);
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    expect(await screen.findByText('Too many wrong table codes; wait 15 minutes and try again')).toBeTruthy();

    answer = jsonResponse({ result: { table: 3 } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    expect(await screen.findByText('Tuesday Pairs')).toBeTruthy();
    expect(screen.queryByLabelText('Table code')).toBeNull();
  });
});

describe('the table screen', () => {
  it('shows the round, both pairs and each board with its status, dealer and vulnerability', async () => {
    serveTable(() => buildState());
    renderTable();

    expect(await screen.findByText('Round 3 of 7')).toBeTruthy();
    expect(screen.getByText('Tuesday Pairs')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Table 3' })).toBeTruthy();
    expect(screen.getByText('NS pair 4')).toBeTruthy();
    expect(screen.getByText('Ann Baker & Ben Carter')).toBeTruthy();
    expect(screen.getByText('EW pair 7')).toBeTruthy();
    expect(screen.getByText('Cat Dunn & Dan Evans')).toBeTruthy();

    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Dealer North · North-South vulnerable')).toBeTruthy();
    expect(within(rows[0]!).getByText('To play')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Enter board 5' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Awaiting East-West')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Confirm board 6' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('3NT× doubled by North, −2 (7 tricks)');
    expect(within(rows[2]!).getByText('Confirmed')).toBeTruthy();
    expect(within(rows[2]!).getByText('NS +620')).toBeTruthy();
    expect(within(rows[2]!).getByText('Dealer South · All vulnerable')).toBeTruthy();
    // The round is not over: no move yet.
    expect(screen.queryByRole('region', { name: 'Next move' })).toBeNull();
    // Kept out of search engines.
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('says when the pair sits out, with the move after the round', async () => {
    serveTable(() => buildState({ sitOut: true, boards: [], ewPair: 0 }));
    renderTable();

    expect(await screen.findByRole('heading', { name: 'Sit-out this round' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Next move' })).getByText('EW to table 4; boards to table 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Enter/ })).toBeNull();
  });

  it("links an online event's table to its video chat", async () => {
    const state = buildState();
    serveTable(() => ({ ...state, event: { ...state.event, online: true, videoChannel: 'CLUB1table2' } }));
    renderTable();
    const link = await screen.findByRole('link', { name: "Join the table's video" });
    expect(link.getAttribute('href')).toBe('/video/chat?video=true&audio=true&name=Table+3&table=CLUB1table2');
  });

  it('offers no video at a club table', async () => {
    serveTable(() => buildState());
    renderTable();
    await screen.findByText('Round 3 of 7');
    expect(screen.queryByRole('link', { name: /video/ })).toBeNull();
  });

  it('waits for the director before the session starts: no board to enter', async () => {
    serveTable(() => buildState({ started: false }));
    renderTable();

    expect(await screen.findByRole('heading', { name: 'Waiting for the director' })).toBeTruthy();
    expect(screen.getByText(/open here when the director starts it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Enter/ })).toBeNull();
  });

  it('says when the event is complete and links to the results', async () => {
    serveTable(() => buildState({ complete: true, boards: [], next: null }));
    renderTable();

    expect(await screen.findByRole('heading', { name: 'The event is complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe('/results/CLUB1');
    expect(screen.queryByText(/Round 3 of 7/)).toBeNull();
  });

  it('shows the move prominently once every board of the round is confirmed', async () => {
    const state = buildState();
    serveTable(() => ({
      ...state,
      boards: state.boards.map((board) => ({ ...board, status: 'confirmed' as const, nsScore: board.nsScore ?? 100 })),
    }));
    renderTable();

    const move = await screen.findByRole('region', { name: 'Next move' });
    expect(within(move).getByRole('heading', { name: 'Round 3 is over' })).toBeTruthy();
    expect(within(move).getByText('EW to table 4; boards to table 2')).toBeTruthy();
    expect(within(move).getByText(/Wait for the director to start round 4/)).toBeTruthy();
  });

  it('refetches the state when the stream says the table changed, and shows live or reconnecting', async () => {
    let state = buildState();
    serveTable(() => state);
    renderTable();
    await screen.findByText('Round 3 of 7');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/v1/tables/CLUB1/3/stream');

    // Open, the stream misses nothing from here on: the state is read again, as the first read may have come before.
    const firstLoads = calls.filter(isState).length;
    act(() => FakeEventSource.instances[0]!.open());
    expect(screen.getByText('Live')).toBeTruthy();
    await waitFor(() => expect(calls.filter(isState).length).toBe(firstLoads + 1));

    // The other phone confirmed board 6.
    state = { ...state, boards: state.boards.map((board) => (board.board === 6 ? { ...board, status: 'confirmed' as const } : board)) };
    const loads = calls.filter(isState).length;
    act(() => FakeEventSource.instances[0]!.emit('change'));
    await waitFor(() => expect(calls.filter(isState).length).toBe(loads + 1));
    expect(await screen.findByText('NS −300')).toBeTruthy();

    act(() => FakeEventSource.instances[0]!.fail());
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    // Back: the state is read again, since changes may have been missed.
    act(() => FakeEventSource.instances[0]!.open());
    expect(screen.getByText('Live')).toBeTruthy();
    await waitFor(() => expect(calls.filter(isState).length).toBe(loads + 2));
  });
  it('keeps listening when a read of the state fails, so the next change still reaches the phone', async () => {
    let state = buildState();
    let failing = false;
    handle = (call) =>
      isState(call) && !failing ? jsonResponse({ result: state }) : jsonResponse({ error: 'The server is restarting' }, isState(call) ? 502 : 404);
    renderTable();
    await screen.findByText('Round 3 of 7');
    act(() => FakeEventSource.instances[0]!.open());
    await waitFor(() => expect(calls.filter(isState).length).toBe(2));

    // A change is told while the server cannot answer the read (a restart behind the proxy): the read fails.
    failing = true;
    const loads = calls.filter(isState).length;
    act(() => FakeEventSource.instances[0]!.emit('change'));
    await waitFor(() => expect(calls.filter(isState).length).toBe(loads + 3), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByText('Round 3 of 7')).toBeTruthy());

    // The server is back and the director starts round 4: the stream still tells the phone.
    failing = false;
    state = buildState({ round: 4 });
    const live = FakeEventSource.instances.filter((source) => source.readyState !== 2);
    expect(live).toHaveLength(1);
    act(() => live[0]!.emit('change'));
    expect(await screen.findByText('Round 4 of 7')).toBeTruthy();
  });

  it('opens a fresh stream and reads the state again when the phone is back online or back on screen', async () => {
    serveTable(() => buildState());
    renderTable();
    await screen.findByText('Round 3 of 7');
    act(() => FakeEventSource.instances[0]!.open());
    await waitFor(() => expect(calls.filter(isState).length).toBe(2));

    // A stream that died quietly looks open: back on the network, the phone does not trust it.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.readyState).toBe(2);
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    act(() => FakeEventSource.instances[1]!.open());
    await waitFor(() => expect(calls.filter(isState).length).toBe(3));

    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(FakeEventSource.instances[1]!.readyState).toBe(2);
  });
});

describe('entering a board', () => {
  it('shows the Law 77 score as North chooses: 4♠ by North making 10 tricks, North-South vulnerable, is +620', async () => {
    serveTable(() => buildState());
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter board 5' }));

    expect(await screen.findByRole('heading', { name: 'Board 5: North enters' })).toBeTruthy();
    expect(screen.getByText(/The score shows here/)).toBeTruthy();
    press('Declarer', 'North');
    press('Level', '4');
    press('Strain', 'Spades');
    press('Tricks', 'Just made');
    expect(scoreShown()).toBe('North-South +620');
    expect(within(group('Strain')).getByRole('button', { name: 'Spades' }).getAttribute('aria-pressed')).toBe('true');

    // The same result counted as tricks.
    fireEvent.click(screen.getByRole('radio', { name: 'Tricks taken' }));
    expect(within(group('Tricks')).getByRole('button', { name: '10 tricks' }).getAttribute('aria-pressed')).toBe('true');
    press('Tricks', '11 tricks');
    expect(scoreShown()).toBe('North-South +650');

    // Changing the level keeps the tricks as counted: 11 tricks in 5♠ is just made.
    press('Level', '5');
    fireEvent.click(screen.getByRole('radio', { name: /Over or under/ }));
    expect(within(group('Tricks')).getByRole('button', { name: 'Just made' }).getAttribute('aria-pressed')).toBe('true');
    expect(scoreShown()).toBe('North-South +650');

    // Passed out scores nothing and needs nothing more.
    press('Level', 'Passed out');
    expect(scoreShown()).toBe('North-South 0');
    expect(screen.queryByRole('group', { name: 'Strain' })).toBeNull();
  });

  it('scores 3NT doubled two down, not vulnerable, as −300', async () => {
    serveTable(() => buildState({ boards: [{ board: 8, status: 'open', nsScore: null, dealer: 'W', vulnerability: 'EW', entry: null }] }));
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter board 8' }));

    press('Level', '3');
    press('Strain', 'No trumps');
    press('Doubling', 'Doubled');
    press('Tricks', 'Down 2');
    // No declarer yet: no score, and Send says what is missing at the field.
    expect(screen.queryByText(/^North-South [+\u22120-9]/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send to East-West' }));
    expect(within(group('Declarer')).getByText('Choose the declarer')).toBeTruthy();
    expect(posts('/results')).toHaveLength(0);

    press('Declarer', 'North');
    expect(scoreShown()).toBe('North-South \u2212300');
    // East-West vulnerable: the same contract by East scores 500 for them.
    press('Declarer', 'East');
    expect(scoreShown()).toBe('North-South +500');
  });
});

/** North enters 4♠ by North, just made, with the ♥K led, on board 5. */
async function enterBoardFive() {
  fireEvent.click(await screen.findByRole('button', { name: 'Enter board 5' }));
  press('Declarer', 'North');
  press('Level', '4');
  press('Strain', 'Spades');
  press('Tricks', 'Just made');
  fireEvent.click(screen.getByRole('button', { name: 'Add the opening lead (optional)' }));
  press('Suit led', 'Hearts');
  press('Card led', 'King');
  fireEvent.click(screen.getByRole('button', { name: 'Send to East-West' }));
}

/** The state after North's entry of board 5 reached the server. */
const withBoardFive = (state: TableState, status: 'entered' | 'confirmed', overrides: Partial<TableState['event']> = {}): TableState => ({
  ...state,
  event: { ...state.event, ...overrides },
  boards: state.boards.map((board) =>
    board.board === 5
      ? { ...board, status, nsScore: 620, entry: { declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10, lead: 'HK' } }
      : board,
  ),
});

describe('sending, confirming and rejecting', () => {
  it('sends the entry with its own key and the lead, then East-West confirm and see the traveller', async () => {
    let state = buildState();
    serveTable(
      () => state,
      (call) => {
        if (call.url === `${STATE_URL}/results`) {
          state = withBoardFive(state, 'entered');
          return jsonResponse({ result: { score: 620 } });
        }
        if (call.url === `${STATE_URL}/results/5/confirm`) {
          state = withBoardFive(state, 'confirmed');
          return jsonResponse({ result: { confirmed: true } });
        }
        if (call.url === `${STATE_URL}/traveller/5`) return jsonResponse({ result: traveller });
        return jsonResponse({ error: 'Not found' }, 404);
      },
    );
    renderTable();
    await enterBoardFive();

    expect(await screen.findByRole('heading', { name: 'East-West: confirm board 5' })).toBeTruthy();
    const [sent] = posts('/results');
    expect(sent!.body).toEqual({
      board: 5,
      declarer: 'N',
      contract: { level: 4, strain: 'S', doubled: 0 },
      tricks: 10,
      lead: 'HK',
      entryId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === '4♠ spades  by North, = (10 tricks), lead ♥ hearts K')).toBeTruthy();
    expect(screen.getAllByText('+620').length).toBeGreaterThan(0);
    // Sent: nothing waits on the phone.
    expect(window.localStorage.getItem(storageKeys.tableQueue)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Board 5: traveller' })).toBeTruthy();
    expect(posts('/results/5/confirm')).toHaveLength(1);
    const table = await screen.findByRole('table', { name: 'Traveller of board 5' });
    const rows = within(table).getAllByRole('row');
    // Sorted by NS pair; this table's line marked.
    expect(within(rows[1]!).getByText('−100')).toBeTruthy();
    expect(within(rows[2]!).getByText('This table')).toBeTruthy();
    expect(within(rows[2]!).getByText('+620')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the boards' }));
    expect(await screen.findByRole('button', { name: 'Traveller of board 5' })).toBeTruthy();
  });

  it('shows no traveller where the event keeps them hidden', async () => {
    let state = withBoardFive(buildState(), 'entered', { showTravellers: false });
    serveTable(
      () => state,
      (call) => {
        if (call.url === `${STATE_URL}/results/5/confirm`) {
          state = withBoardFive(state, 'confirmed', { showTravellers: false });
          return jsonResponse({ result: { confirmed: true } });
        }
        return jsonResponse({ error: 'Not found' }, 404);
      },
    );
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm board 5' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Boards' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Confirmed')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Traveller/ })).toBeNull();
    expect(calls.some((call) => call.url.includes('/traveller/'))).toBe(false);
  });

  it('sends a rejected entry back to North with its values, and the corrected entry goes', async () => {
    let state = withBoardFive(buildState(), 'entered');
    serveTable(
      () => state,
      (call) => {
        if (call.url === `${STATE_URL}/results/5/reject`) {
          state = buildState();
          return jsonResponse({ result: { status: 'open' } });
        }
        if (call.url === `${STATE_URL}/results`) {
          state = withBoardFive(state, 'entered');
          return jsonResponse({ result: { score: 650 } });
        }
        return jsonResponse({ error: 'Not found' }, 404);
      },
    );
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm board 5' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject and re-enter' }));

    expect(await screen.findByRole('heading', { name: 'Board 5: North enters' })).toBeTruthy();
    expect(posts('/results/5/reject')).toHaveLength(1);
    expect(within(group('Declarer')).getByRole('button', { name: 'North' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group('Level')).getByRole('button', { name: '4' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group('Suit led')).getByRole('button', { name: 'Hearts' }).getAttribute('aria-pressed')).toBe('true');
    expect(scoreShown()).toBe('North-South +620');

    press('Tricks', '1 overtrick');
    fireEvent.click(screen.getByRole('button', { name: 'Send to East-West' }));
    await screen.findByRole('heading', { name: 'East-West: confirm board 5' });
    expect(posts('/results')[0]!.body).toMatchObject({ tricks: 11, lead: 'HK' });
  });

  it("keeps the values and shows the server's refusal when an entry is refused", async () => {
    serveTable(
      () => buildState(),
      () => jsonResponse({ error: 'Board 5 is not in this round', code: 'validation_failed' }, 400),
    );
    renderTable();
    await enterBoardFive();

    expect(await screen.findByText('Board 5 is not in this round')).toBeTruthy();
    expect(within(group('Declarer')).getByRole('button', { name: 'North' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(storageKeys.tableQueue)).toBeNull();
  });
});

const storedQueue = () => JSON.parse(window.localStorage.getItem(storageKeys.tableQueue) ?? '[]') as { entryId: string; body: { board: number } }[];

describe('correcting', () => {
  it('lets the table correct a confirmed board of the round, starting from its entry', async () => {
    let state = buildState();
    serveTable(
      () => state,
      () => {
        state = {
          ...state,
          boards: state.boards.map((board) => (board.board === 7 ? { ...board, status: 'entered' as const, nsScore: 650 } : board)),
        };
        return jsonResponse({ result: { score: 650 } });
      },
    );
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Correct board 7' }));

    expect(await screen.findByRole('heading', { name: 'Board 7: North enters' })).toBeTruthy();
    expect(within(group('Declarer')).getByRole('button', { name: 'South' }).getAttribute('aria-pressed')).toBe('true');
    expect(scoreShown()).toBe('North-South +620');
    press('Tricks', '1 overtrick');
    fireEvent.click(screen.getByRole('button', { name: 'Send to East-West' }));
    await screen.findByRole('heading', { name: 'East-West: confirm board 7' });
    expect(posts('/results')[0]!.body).toMatchObject({ board: 7, declarer: 'S', tricks: 11, lead: 'HK' });
  });
});

describe('weak Wi-Fi', () => {
  it('keeps an entry made offline, and sends it once with the same key when the connection is back', async () => {
    let state = buildState();
    let network = false;
    let release: () => void = () => {};
    serveTable(
      () => state,
      async (call) => {
        if (call.url !== `${STATE_URL}/results`) return jsonResponse({ error: 'Not found' }, 404);
        if (!network) return HttpResponse.error();
        // Held until the test lets it through, so a second 'online' comes while this send is out.
        await new Promise<void>((resolve) => (release = resolve));
        state = withBoardFive(state, 'entered');
        return jsonResponse({ result: { score: 620 } });
      },
    );
    renderTable();
    await enterBoardFive();

    expect(await screen.findByText(/1 entry is waiting to send/)).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    const [queued] = storedQueue();
    expect(queued!.body.board).toBe(5);
    expect(posts('/results')).toHaveLength(1);
    expect(posts('/results')[0]!.body).toMatchObject({ entryId: queued!.entryId });

    network = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(posts('/results')).toHaveLength(2));
    act(() => release());
    await waitFor(() => expect(storedQueue()).toHaveLength(0));
    expect(await screen.findByRole('button', { name: 'Confirm board 5' })).toBeTruthy();
    // Never twice: one retry, with the entry's own key.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts('/results')).toHaveLength(2);
    expect(posts('/results').map((call) => (call.body as { entryId: string }).entryId)).toEqual([queued!.entryId, queued!.entryId]);
  });

  it('does not try while the phone knows it is offline, and sends on the next good load', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    let state = buildState();
    serveTable(
      () => state,
      (call) => {
        if (call.url !== `${STATE_URL}/results`) return jsonResponse({ error: 'Not found' }, 404);
        state = withBoardFive(state, 'entered');
        return jsonResponse({ result: { score: 620 } });
      },
    );
    renderTable();
    await enterBoardFive();

    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(posts('/results')).toHaveLength(0);

    // The stream brings a change: the table loads, so the entry goes.
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    act(() => FakeEventSource.instances[0]!.emit('change'));
    await waitFor(() => expect(posts('/results')).toHaveLength(1));
    await waitFor(() => expect(storedQueue()).toHaveLength(0));
    expect(await screen.findByRole('button', { name: 'Confirm board 5' })).toBeTruthy();
  });

  it('drops a waiting entry the server finally refuses, and says so', async () => {
    let network = false;
    serveTable(
      () => buildState(),
      async (call) => {
        if (call.url !== `${STATE_URL}/results`) return jsonResponse({ error: 'Not found' }, 404);
        if (!network) return HttpResponse.error();
        return jsonResponse({ error: 'Board 5 is not in this round', code: 'validation_failed' }, 400);
      },
    );
    renderTable();
    await enterBoardFive();
    await screen.findByText('Waiting to send');

    network = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Board 5 is not in this round')).toBeTruthy();
    expect(screen.getByText('Board 5 was not accepted:')).toBeTruthy();
    expect(storedQueue()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Enter board 5' })).toBeTruthy();
  });

  it('keeps a waiting entry the server could not take yet (its own trouble)', async () => {
    let network = false;
    serveTable(
      () => buildState(),
      async (call) => {
        if (call.url !== `${STATE_URL}/results`) return jsonResponse({ error: 'Not found' }, 404);
        if (!network) return HttpResponse.error();
        return jsonResponse({ error: 'Service unavailable', code: 'service_unavailable' }, 503);
      },
    );
    renderTable();
    await enterBoardFive();
    await screen.findByText('Waiting to send');

    network = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(posts('/results')).toHaveLength(2));
    expect(storedQueue()).toHaveLength(1);
    expect(screen.getByText('Waiting to send')).toBeTruthy();
  });

  it('tries a waiting entry again now and then, for Wi-Fi that drops requests without going offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let network = false;
      let state = buildState();
      serveTable(
        () => state,
        async (call) => {
          if (call.url !== `${STATE_URL}/results`) return jsonResponse({ error: 'Not found' }, 404);
          if (!network) return HttpResponse.error();
          state = withBoardFive(state, 'entered');
          return jsonResponse({ result: { score: 620 } });
        },
      );
      renderTable();
      await enterBoardFive();
      await screen.findByText('Waiting to send');

      network = true;
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      await waitFor(() => expect(posts('/results')).toHaveLength(2));
      await waitFor(() => expect(storedQueue()).toHaveLength(0));
      expect(await screen.findByRole('button', { name: 'Confirm board 5' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
