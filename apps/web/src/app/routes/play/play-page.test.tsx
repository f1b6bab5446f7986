// @vitest-environment happy-dom
import { messages, type PlayTableState, type VideoTableInPlay } from '@bridge/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { FakeWebSocket, installFakeWebSocket } from '../../../testing/web-socket';
import { PlayPage } from './play-page';
import { tableState as frame } from '../../../testing/play-state';

// The online table's page: it finds the table, opens the table's socket (a fake the test plays the server on) and
// keeps it through drops. The table itself is play-table.test.tsx's.

vi.setConfig({ testTimeout: 20_000 });
installFakeWebSocket();

const player = {
  uid: 'u1',
  displayName: 'Sam South',
  email: 'sam@example.com',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
  role: 'player',
};

/** The page's frame: the play tests' own, with four people at the table. */
const tableState = (overrides: Partial<PlayTableState> = {}): PlayTableState =>
  frame({
    vulnerability: 'None',
    players: { ...frame().players, W: { name: 'Wes West', robot: false, away: null } },
    ...overrides,
  });

/** The signed-in player, seated at the tables of `mine`; the table's video never gets its relay servers here. */
function serve(mine: VideoTableInPlay[] = []) {
  server.use(
    http.get('/api/v1/user', () => jsonResponse({ result: player })),
    http.get('/api/v1/play/:key/table', ({ params }) => {
      const seated = mine.find((table) => table.key === params.key);
      return jsonResponse({ result: { table: seated?.table ?? null, channel: seated?.channel ?? null } });
    }),
    http.post('/api/v1/video/ice-servers', () => delay('infinite')),
  );
}

const renderPlay = (address: string) => renderApp([{ path: '/play/:key', element: <PlayPage /> }], { initialEntry: address });

/** The socket the page opens once it knows its table. */
async function tableSocket() {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  return FakeWebSocket.last();
}

describe('PlayPage', () => {
  it("finds the player's table from their seats in play, sits there and shows the table", async () => {
    serve([{ key: 'abc', name: 'Online Pairs', table: 2, channel: 'abctable1', seat: 'South', play: true }]);
    renderPlay('/play/abc');
    const socket = await tableSocket();
    expect(socket.url).toBe('ws://localhost:3000/ws/play');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'sit', key: 'abc', table: 2 }]);
    expect(screen.getByLabelText('Opening the table')).toBeTruthy();

    socket.receive({ type: 'table', state: tableState() });
    expect(screen.getByRole('heading', { level: 1, name: 'Table 2, event abc' })).toBeTruthy();
    // The frame reaches the table through the connection's state: wait for it rather than assume the same tick.
    expect(await screen.findByText('Table 2 · Board 3')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Your hand: 13 cards' })).toBeTruthy();
    expect(screen.queryByLabelText('Opening the table')).toBeNull();
  });

  it('offers a player without a seat the tables to watch, and sits at the one chosen', async () => {
    serve([]);
    server.use(
      http.get('/api/v1/tournaments', () =>
        jsonResponse({ result: { id: 'T-1', key: 'abc', tables: 3, details: JSON.stringify({ type: 1, typeName: 'Online Pairs', players: 12 }) } }),
      ),
    );
    const { router } = renderPlay('/play/abc');
    expect(await screen.findByRole('heading', { name: 'Watch a table' })).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Table' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    const socket = await tableSocket();
    expect(router.state.location.search).toBe('?table=3');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'sit', key: 'abc', table: 3 }]);
  });

  it('says why the server refused the seat, with the way back to the console', async () => {
    serve();
    renderPlay('/play/abc?table=2');
    const socket = await tableSocket();
    socket.open();
    socket.receive({ type: 'error', message: 'This event has no kibitzers' });
    const refusal = screen.getByRole('alert');
    expect(within(refusal).getByText('You cannot sit at this table')).toBeTruthy();
    expect(within(refusal).getByText('This event has no kibitzers')).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: 'Back to the console' }).getAttribute('href')).toBe('/console');
  });

  it('shows a dropped connection, opens it again and sits again, and the table comes back as the server has it', async () => {
    serve();
    renderPlay('/play/abc?table=2');
    const first = await tableSocket();
    first.open();
    first.receive({ type: 'table', state: tableState() });
    expect(screen.getByText('Connected')).toBeTruthy();

    first.drop();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Reconnecting…');
    expect(screen.getByText('Reconnecting to the table')).toBeTruthy();
    // The first try again comes half a second later.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const second = FakeWebSocket.last();
    second.open();
    expect(second.sent).toEqual([{ type: 'sit', key: 'abc', table: 2 }]);
    second.receive({ type: 'table', state: tableState({ auction: [{ seat: 'N', call: '1NT', alert: false }], turn: 'E' }) });
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(screen.queryByText('Reconnecting to the table')).toBeNull();
    expect(screen.getByText('East to call')).toBeTruthy();
  });

  it('marks a player away from the table at their seat, with how long they have been away', async () => {
    serve();
    renderPlay('/play/abc?table=2');
    const socket = await tableSocket();
    socket.open();
    const away = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    socket.receive({ type: 'table', state: tableState({ players: { ...tableState().players, E: { name: 'Eli East', robot: false, away } } }) });
    expect(within(screen.getByRole('region', { name: 'East: Eli East' })).getByText('Away 3 min')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'West: Wes West' })).queryByText(/^Away/)).toBeNull();
  });

  it('says the event was deleted when the server closes the table for it', async () => {
    serve();
    renderPlay('/play/abc?table=2');
    const socket = await tableSocket();
    socket.open();
    socket.receive({ type: 'table', state: tableState() });
    socket.drop(4004);
    expect(screen.getByRole('alert').textContent).toBe(messages.eventGone);
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
