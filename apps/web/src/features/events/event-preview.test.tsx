// @vitest-environment happy-dom
import { messages, type AdminParticipant } from '@bridge/api';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/data-table';
import { renderApp } from '../../testing/render-app';
import { EventPreview, type EventPreviewTab } from './event-preview';
import type { EventRow, EventsAdapter } from './event-types';

const row: EventRow = {
  key: 'k9x2m4p7qa',
  organiser: { names: 'Isha Pillai', email: 'isha@example.org', contact: '+91 98450 12345' },
  tables: 3,
  details: {
    typeName: 'Thursday Club Pairs',
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    handgeneratedModeAsString: 'Random',
    players: 12,
    rounds: 3,
  },
  createdAt: '2026-11-20T18:00:00.000Z',
  completedAt: '2026-11-20T21:00:00.000Z',
  xmlToken: 'xml-token',
  scoreData: {
    round_number_1: {
      board_number_1: {
        table_1: {
          table: 1,
          North: 'A',
          South: 'B',
          East: 'C',
          West: 'D',
          ns: 1,
          ew: 4,
          score: -200,
          dealer: 'N',
          declarer: 'E',
          contract: '4,4',
          doubled: 1,
          nsTricks: 3,
          ewTricks: 10,
          totalTricks: 13,
          vulnerable: 'None',
          adjusted: null,
        },
        table_2: {
          table: 2,
          North: null,
          South: null,
          East: null,
          West: null,
          ns: 2,
          ew: 5,
          score: null,
          dealer: 'N',
          declarer: null,
          contract: null,
          doubled: 0,
          nsTricks: null,
          ewTricks: null,
          totalTricks: null,
          vulnerable: 'None',
          adjusted: null,
        },
      },
    },
  },
};

const participant: AdminParticipant = {
  objectId: 'p1',
  key: row.key,
  table: 3,
  side: 2,
  isBot: false,
  createdAt: '2026-11-20T17:00:00.000Z',
  editedAt: '2026-11-20T17:00:00.000Z',
  registeredAt: '2026-03-01T09:30:00.000Z',
  userData: { names: 'Asha Rao', email: 'asha@example.org', contact: '+91 98450 00000' },
};

function renderPreview(tab: EventPreviewTab) {
  const adapter: EventsAdapter = {
    queryKey: ['preview-test'],
    list: vi.fn(),
    find: vi.fn(async () => row),
    participants: vi.fn(async (_key, filter) => (filter.query ? [] : [participant])),
  };
  const view = renderApp(
    <EventPreview
      adapter={adapter}
      eventKey={row.key}
      tab={tab}
      tabs={['participants', 'board-results', 'details']}
      tabHref={(next) => `/preview/${next}`}
      backHref="/list"
    />,
    { path: '/preview/:tab', initialEntry: `/preview/${tab}` },
  );
  return { ...view, adapter };
}

// These screens wait for typing to stop (500 ms) and render Mantine overlays; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

describe('EventPreview', () => {
  it('shows the back button, results links, the participants count and the participants with their preview', async () => {
    renderPreview('participants');
    expect(await screen.findByRole('heading', { name: 'Thursday Club Pairs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Event Details/ }).getAttribute('href')).toBe('/list');
    expect(screen.getByRole('link', { name: 'Results page' }).getAttribute('href')).toBe('/results/k9x2m4p7qa');
    expect(screen.getByRole('link', { name: 'Download XML' }).getAttribute('href')).toBe('/api/v1/tournaments/files/download/xml-token');
    expect(await screen.findByText('Registered participants')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).getByText('Table 3')).toBeTruthy();
    expect(within(table).getByText('South')).toBeTruthy();
    // Registered At is when the player's account was made; Created At when the seat was.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect(cells[headers.indexOf('Registered At')]!.textContent).toBe(formatDateTime('2026-03-01T09:30:00.000Z'));
    expect(cells[headers.indexOf('Created At')]!.textContent).toBe(formatDateTime('2026-11-20T17:00:00.000Z'));
    fireEvent.click(within(table).getByRole('button', { name: /Preview Asha Rao/ }));
    expect(await screen.findByRole('heading', { name: 'Table Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Participant Details' })).toBeTruthy();
  });

  it("says 'Oops, participants yet!' when a search finds nobody", async () => {
    renderPreview('participants');
    await screen.findByRole('table', { name: 'Participants' });
    fireEvent.change(screen.getByPlaceholderText('Search Participant by Name, and Contact'), { target: { value: 'nobody' } });
    // The search waits for typing to stop.
    expect(await screen.findByText(messages.noParticipants, undefined, { timeout: 4000 })).toBeTruthy();
  });

  it("lists board results with formatted contracts and '-' for what is missing", async () => {
    renderPreview('board-results');
    const table = await screen.findByRole('table', { name: 'Board Results' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('4♠ spades× doubled');
    expect(within(rows[2]!).getAllByText('-').length).toBeGreaterThanOrEqual(6);
  });

  it("shows 'Event Details' and the organiser in 'Organiser Detais'", async () => {
    renderPreview('details');
    expect(await screen.findByRole('heading', { name: 'Event Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Organiser Detais' })).toBeTruthy();
    expect(screen.getByText('+91 98450 12345')).toBeTruthy();
    expect(screen.getByText('3 table(s)')).toBeTruthy();
  });
});
