// @vitest-environment happy-dom
import type { PlayTableState } from '@bridge/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { FakeWebSocket } from '../../testing/web-socket';
import { PlayConnection } from './play-connection';
import { PlayTable } from './play-table';
import { SOUTH, tableState } from '../../testing/play-state';

// The online table as a player meets it: the frames come over a socket the test plays the server on, and what the
// player does goes back over it.

vi.setConfig({ testTimeout: 20_000 });

const EAST = ['SK', 'SQ', 'S4', 'HQ', 'HJ', 'H3', 'DK', 'DQ', 'D2', 'CA', 'CK', 'C2', 'S3'];

const call = (seat: 'N' | 'E' | 'S' | 'W', c: string) => ({ seat, call: c, alert: false });
/** West declares 4♥: North leads, East is dummy. */
const fourHeartsByWest = { contract: { level: 4, strain: 'H' as const, doubled: 0 }, declarer: 'W' as const };

function Table({ connection }: { connection: PlayConnection }) {
  const snapshot = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  return snapshot.state ? <PlayTable snapshot={snapshot} connection={connection} /> : <p>Opening the table</p>;
}

/** Sits at table 2 over a fresh socket and shows the table as the server first tells it. */
function sitAt(state: PlayTableState) {
  const connection = new PlayConnection('ws://bridge.test/ws/play', { key: 'abc', table: 2 }, (url) => new FakeWebSocket(url));
  connection.start();
  const socket = FakeWebSocket.last();
  socket.open();
  renderApp(<Table connection={connection} />);
  socket.receive({ type: 'table', state });
  return { connection, socket, sentAfterSitting: () => socket.sent.slice(1) };
}

describe('PlayTable', () => {
  it("shows the seat's own hand face up and the others' backs, and sits at the table it was given", () => {
    const { socket } = sitAt(tableState());
    expect(socket.sent[0]).toEqual({ type: 'sit', key: 'abc', table: 2 });
    const hand = screen.getByRole('list', { name: 'Your hand: 13 cards' });
    expect(within(hand).getAllByRole('listitem')).toHaveLength(13);
    expect(within(hand).getByText('ace of spades')).toBeTruthy();
    expect(screen.getByRole('img', { name: "East's hand: 13 cards, not shown" })).toBeTruthy();
    expect(screen.getByText('Table 2 · Board 3')).toBeTruthy();
  });

  it('shows the auction and offers only the legal calls, and sends the one chosen', () => {
    const { sentAfterSitting } = sitAt(tableState({ auction: [call('N', '1H'), call('E', 'Pass')], turn: 'S' }));
    const auction = screen.getAllByRole('table', { name: 'The auction' })[0]!;
    expect(within(auction).getAllByRole('row')[1]!.textContent).toBe('1♥ hearts Passpass?');
    expect(screen.getByText('Your call')).toBeTruthy();
    const box = screen.getByRole('region', { name: 'Bidding box' });
    // 1♥ is taken: a call must be higher; a double of partner's bid is not a call South can make.
    expect(within(box).getByRole('button', { name: '1 hearts' }).hasAttribute('disabled')).toBe(true);
    expect(within(box).getByRole('button', { name: 'double' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(box).getByRole('button', { name: '2 clubs' }));
    expect(sentAfterSitting()).toEqual([{ type: 'call', call: '2C', alert: false }]);
  });

  it('offers no bidding box while another seat is to call', () => {
    sitAt(tableState({ auction: [], turn: 'N' }));
    expect(screen.getByText('North to call')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bidding box' })).toBeNull();
  });

  it('lets the player follow suit only, plays the card chosen, and shows the trick', () => {
    const { sentAfterSitting } = sitAt(
      tableState({
        ...fourHeartsByWest,
        auction: [],
        hands: { S: SOUTH, E: EAST },
        trick: [
          { seat: 'N', card: 'HA' },
          { seat: 'E', card: 'H3' },
        ],
        turn: 'S',
      }),
    );
    const trick = screen.getByRole('group', { name: 'The trick in progress' });
    expect(trick.textContent).toContain('ace of hearts by North');
    expect(trick.textContent).toContain('3 of hearts by East');
    const hand = screen.getByRole('list', { name: 'Your hand: 13 cards' });
    // Hearts were led: the hearts are the cards to play, the ace of spades is not.
    expect(
      within(hand)
        .getAllByRole('button')
        .map((card) => card.textContent),
    ).toEqual(['K♥king of hearts', '9♥9 of hearts', '2♥2 of hearts']);
    expect(within(hand).queryByRole('button', { name: 'ace of spades' })).toBeNull();
    fireEvent.click(within(hand).getByRole('button', { name: '2 of hearts' }));
    expect(sentAfterSitting()).toEqual([{ type: 'play', card: 'H2' }]);
  });

  it('faces dummy once the opening lead is made, and not before', () => {
    const { socket } = sitAt(tableState({ ...fourHeartsByWest, turn: 'N' }));
    expect(screen.getByRole('img', { name: "East's hand: 13 cards, not shown" })).toBeTruthy();
    expect(screen.queryByRole('list', { name: /^Dummy/ })).toBeNull();

    socket.receive({
      type: 'table',
      state: tableState({ ...fourHeartsByWest, hands: { S: SOUTH, E: EAST }, trick: [{ seat: 'N', card: 'HA' }], turn: 'E' }),
    });
    expect(screen.getByRole('list', { name: 'Dummy (East): 13 cards' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^East's hand/ })).toBeNull();
  });

  it('claims: the dialog asks for the tricks and a statement, and sends them', async () => {
    // South declares; West has led, and it is dummy's (North's) turn.
    const { sentAfterSitting } = sitAt(tableState({ ...fourHeartsByWest, declarer: 'S', trick: [{ seat: 'W', card: 'C2' }], turn: 'N' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tricks you claim of the 13 left' }), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Statement (how you will play)' }), { target: { value: 'Drawing trumps' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(sentAfterSitting()).toEqual([{ type: 'claim', tricks: 10, statement: 'Drawing trumps' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks an opponent to accept or reject a claim, and tells the claimer's partner to wait", () => {
    const claim = { seat: 'W' as const, tricks: 9, statement: 'Cross-ruff', awaiting: ['N' as const, 'S' as const] };
    const { socket, sentAfterSitting } = sitAt(tableState({ ...fourHeartsByWest, hands: { S: SOUTH, E: EAST, W: EAST }, claim, turn: 'N' }));
    expect(screen.getByText('West claims 9 of the tricks left', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('“Cross-ruff”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(sentAfterSitting()).toEqual([{ type: 'claimResponse', accept: false }]);

    // South has answered; North has not: South waits with the claimer's side.
    socket.receive({ type: 'table', state: tableState({ ...fourHeartsByWest, claim: { ...claim, awaiting: ['N'] }, turn: 'N' }) });
    expect(screen.queryByRole('button', { name: 'Accept the claim' })).toBeNull();
    expect(screen.getByText('Waiting for the opponents to answer.')).toBeTruthy();
  });

  it("shows the server's refusal of a card until the table changes", () => {
    const { socket } = sitAt(tableState({ auction: [], turn: 'S' }));
    socket.receive({ type: 'error', message: 'It is not your turn' });
    expect(screen.getByRole('alert').textContent).toBe('It is not your turn');
    socket.receive({ type: 'table', state: tableState({ auction: [call('S', 'Pass')], turn: 'W' }) });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the finished board with its score and traveller until the player goes on', async () => {
    server.use(http.get('/api/v1/play/abc/boards/3', () => jsonResponse({ result: { board: 3, lines: [], deal: null } })));
    sitAt(
      tableState({ ...fourHeartsByWest, hands: { S: SOUTH, E: EAST }, turn: null, tricks: { ns: 3, ew: 10 }, result: { tricks: 10, score: -620 } }),
    );
    const end = await screen.findByRole('dialog', { name: 'Board 3 is over' });
    expect(end.textContent).toContain('by West: 10 tricks.');
    expect(end.textContent).toContain('North-South score -620.');
    fireEvent.click(within(end).getByRole('button', { name: 'Next board' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
