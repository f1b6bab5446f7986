// @vitest-environment happy-dom
import type { LiveView } from '@bridge/api';
import { boardsOfSet, mitchellWithSitOut, publishedHowell, type Movement } from '@bridge/engine';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { recordRequests, server } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { PrintCardsPage } from './print-cards-page';

const qrEncoded = vi.hoisted(() => [] as string[]);
vi.mock('qrcode', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof import('qrcode') }>();
  const create: typeof actual.default.create = (text, options) => {
    qrEncoded.push(String(text));
    return actual.default.create(text, options);
  };
  return { default: { ...actual.default, create } };
});

const KEY = 'club-thursday';

/** The live view of an event playing `movement` with 2 boards a round, its grid as the server lays it out. */
function liveView(movement: Movement, entries: LiveView['entries'] = []): LiveView {
  return {
    event: {
      key: KEY,
      name: 'Thursday Pairs',
      startsAt: '2026-11-26T19:30:00+00:00',
      phase: 'preparation',
      movementName: 'Mitchell',
      tables: movement.tables,
      rounds: movement.rounds,
      currentRound: 0,
      scoring: 'matchpoints',
      organiser: 'Dee Director',
      boardsPerRound: 2,
      minutesPerBoard: 7.5,
      showTravellers: true,
      online: false,
      videoChannels: null,
      deals: 'random',
      winners: movement.winners,
    },
    clock: { running: false, elapsedMs: 0, roundMs: 15 * 60_000 },
    grid: movement.rows.map((row) => ({
      round: row.round,
      table: row.table,
      nsPair: row.ns,
      ewPair: row.ew,
      sitOut: row.ew === movement.phantomPair || (movement.winners === 1 && row.ns === movement.phantomPair),
      boards: boardsOfSet(row.set, 2).map((board) => ({
        board,
        status: 'missing',
        late: false,
        nsScore: null,
        adjusted: null,
        contract: null,
        entry: null,
        withdrawn: [],
      })),
    })),
    ranking: [],
    entries,
    directorCalls: [],
    disputedClaims: [],
  };
}

const CODES = [1, 2, 3].map((table) => ({ table, code: `31415${table}`, url: `http://bridge.test/t/${KEY}/${table}` }));

/** Answers the live view and the table codes; anything else fails the test. */
function serve(view: LiveView) {
  const requests = recordRequests();
  server.use(
    http.get(`/api/v1/direct/events/${KEY}`, () => jsonResponse({ result: view })),
    http.get(`/api/v1/tournaments/${KEY}/tables`, () => jsonResponse({ result: CODES })),
  );
  return { urls: () => requests.map(({ url }) => url) };
}

const render = (kind: string) =>
  renderApp(<PrintCardsPage />, { path: paths.console.directPrint.path, initialEntry: paths.console.directPrint.getHref(KEY, kind as 'tables') });

/** The rows of a table card's schedule, each as its cells' text. */
const rowsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('PrintCardsPage', () => {
  it("lays out one table card a table with its code, QR code of the table's page and rounds, sit-outs named", async () => {
    qrEncoded.length = 0;
    const { urls } = serve(liveView(mitchellWithSitOut(3)));
    render('tables');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Table 1', 'Table 2', 'Table 3']);
    for (const [i, card] of cards.entries()) {
      expect(within(card).getByTestId('table-code').textContent).toBe(CODES[i]!.code);
      expect(within(card).getByText(CODES[i]!.url)).toBeTruthy();
      expect(
        within(card)
          .getByRole('img', { name: `QR code of table ${i + 1}'s page` })
          .getAttribute('data-value'),
      ).toBe(CODES[i]!.url);
      expect(within(card).getByText('Thursday Pairs')).toBeTruthy();
    }
    expect(qrEncoded).toEqual(expect.arrayContaining(CODES.map((c) => c.url)));
    // Table 1 of a 3-table Mitchell with EW 3 missing: NS 1 sits out when EW 3 would come, in round 2.
    expect(rowsOf(cards[0]!)).toEqual([
      ['1', '1', '1', '1-2'],
      ['2', 'NS1 sits out; boards 3-4 rest'],
      ['3', '1', '2', '5-6'],
    ]);
    expect(rowsOf(cards[1]!)).toEqual([
      ['1', '2', '2', '3-4'],
      ['2', '2', '1', '5-6'],
      ['3', 'NS2 sits out; boards 1-2 rest'],
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/v1/direct/events/${KEY}/table-cards.pdf`);
    expect(urls()).toContain(`/api/v1/tournaments/${KEY}/tables`);
  });

  it('prints the table cards of an online event without codes, and does not ask for them', async () => {
    const view = liveView(mitchellWithSitOut(3));
    view.event.online = true;
    const { urls } = serve(view);
    render('tables');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByTestId('table-code').textContent).toBe('—');
      expect(within(card).queryByRole('img')).toBeNull();
    }
    expect(urls()).not.toContain(`/api/v1/tournaments/${KEY}/tables`);
  });

  it("gives each pair its card: the players' names, and its table, direction and boards each round", async () => {
    const entries: LiveView['entries'] = [
      {
        pair: 'NS1',
        table: 1,
        direction: 'NS',
        players: [
          { userId: null, name: 'Ann Able', guest: true },
          { userId: null, name: 'Bob Baker', guest: true },
        ],
      },
    ];
    const { urls } = serve(liveView(mitchellWithSitOut(3), entries));
    render('pairs');

    const cards = await screen.findAllByRole('article');
    // Five pairs: EW 3 is the one missing.
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Pair NS1', 'Pair NS2', 'Pair NS3', 'Pair EW1', 'Pair EW2']);
    const lines = (card: HTMLElement) =>
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(within(cards[0]!).getByText('Ann Able & Bob Baker')).toBeTruthy();
    expect(lines(cards[0]!)).toEqual(['Round 1: table 1 NS, boards 1-2', 'Round 2: sits out', 'Round 3: table 1 NS, boards 5-6']);
    expect(within(cards[3]!).getByText('Players not entered yet')).toBeTruthy();
    expect(lines(cards[3]!)).toEqual(['Round 1: table 1 EW, boards 1-2', 'Round 2: table 2 EW, boards 5-6', 'Round 3: table 3 EW, boards 3-4']);
    // The pair guides need no table codes.
    expect(urls()).not.toContain(`/api/v1/tournaments/${KEY}/tables`);
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/v1/direct/events/${KEY}/pair-guides.pdf`);
  });

  it('finds the sit-out of a one-winner movement from the grid: a 5-pair Howell, each pair sitting out once', async () => {
    serve(liveView(publishedHowell(5)));
    render('pairs');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Pair 1', 'Pair 2', 'Pair 3', 'Pair 4', 'Pair 5']);
    for (const card of cards) expect(within(card).getAllByText(/: sits out$/)).toHaveLength(1);
  });

  it('says so when the cards cannot be read', async () => {
    const refused = () => jsonResponse({ error: 'Only the organiser of this event can change it' }, 403);
    server.use(http.get(`/api/v1/direct/events/${KEY}`, refused), http.get(`/api/v1/tournaments/${KEY}/tables`, refused));
    render('tables');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Only the organiser of this event can change it')).toBeTruthy();
  });
});
