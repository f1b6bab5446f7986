// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { activeEventsAdapter } from './api/admin-events';
import { deleteEventText, EventList } from './event-list';
import type { EventListParams, EventRow, EventsAdapter } from './event-types';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyInfo: vi.fn(), notifyError: vi.fn() }));
const notify = await import('../../lib/notify');

const event = (key: string, overrides: Partial<EventRow> = {}): EventRow => ({
  key,
  organiser: { names: 'Isha Pillai', email: 'isha@example.org', contact: null },
  tables: 5,
  details: {
    typeName: `Event ${key}`,
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    handgeneratedModeAsString: 'Random',
    liveTableEvent: false,
  },
  createdAt: '2026-11-20T18:00:00.000Z',
  xmlToken: 'token1',
  ...overrides,
});

function fakeAdapter(pages: Record<string, EventRow[]>) {
  const list = vi.fn(async (params: EventListParams) => {
    const rows = params.query
      ? Object.values(pages)
          .flat()
          .filter((row) => row.key.includes(params.query!))
      : (pages[params.lastDocId ?? 'first'] ?? []);
    const scoped = params.filters.scoreType ? rows.filter((row) => row.details.scoreType === params.filters.scoreType) : rows;
    return { data: scoped, lastDocId: !params.query && !params.lastDocId && pages.second ? 'second' : null };
  });
  const adapter: EventsAdapter = {
    queryKey: ['test-events'],
    list,
    find: vi.fn(async () => null),
    participants: vi.fn(async () => []),
    exportHref: (format, params) => `/export/past-events?format=${format}&query=${params.query ?? ''}&scoreType=${params.filters.scoreType ?? ''}`,
    deleteEvent: vi.fn(async () => messages.eventDeleted),
  };
  return { adapter, list };
}

const renderList = (adapter: EventsAdapter) =>
  renderApp(
    <EventList adapter={adapter} variant="pair" title="Past Events" description="Finished events" previewHref={(key) => `/preview/${key}`} />,
    { path: '/list' },
  );

// These screens wait for typing to stop (500 ms) and render Mantine overlays; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

describe('EventList', () => {
  it('shows the columns that fit a laptop (the rest are in the preview) and pages forwards and back with the answer cursor', async () => {
    const { adapter, list } = fakeAdapter({ first: [event('aaa111'), event('bbb222')], second: [event('ccc333')] });
    renderList(adapter);
    expect(await screen.findByText('aaa111')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Organiser', 'Event Name', 'Tables', 'Movement', 'Scoring', 'Created At', 'Actions']);
    expect(screen.getAllByText('5 table(s)')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ccc333')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ lastDocId: 'second', limit: 10 }), expect.anything());
    expect(screen.getByText(/Page 2/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('aaa111')).toBeTruthy();
  });

  it('searches after typing stops, and a chip asks the server for that filter; export follows both', async () => {
    const { adapter, list } = fakeAdapter({ first: [event('aaa111'), event('bbb222', { details: { scoreType: 'IMP' } })] });
    renderList(adapter);
    await screen.findByText('aaa111');
    fireEvent.change(screen.getByPlaceholderText('Search Event by Name'), { target: { value: 'bbb' } });
    await waitFor(() => expect(screen.queryByText('aaa111')).toBeNull(), { timeout: 4000 });
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'bbb' }), expect.anything());

    fireEvent.click(screen.getByLabelText('Match Point'));
    expect(await screen.findByText(messages.noRecords)).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'bbb', filters: { scoreType: 'Match Point' } }), expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'CSV' }).getAttribute('href')).toBe('/export/past-events?format=csv&query=bbb&scoreType=Match Point');
  });

  it('deletes only after confirmation that names the score, replay and participant data', async () => {
    const { adapter } = fakeAdapter({ first: [event('aaa111')] });
    renderList(adapter);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for aaa111' }));
    expect(screen.getByRole('menuitem', { name: 'Download XML Results' }).getAttribute('href')).toBe('/api/v1/tournaments/files/download/token1');
    expect(screen.getByRole('menuitem', { name: 'View Results' }).getAttribute('href')).toBe('/results/aaa111');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('score, replay and participant data');
    // Which event: its title and its key.
    expect(dialog.textContent).toContain('Delete "Event aaa111" (aaa111) for good?');
    expect(adapter.deleteEvent).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(adapter.deleteEvent).toHaveBeenCalledWith('aaa111'));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.eventDeleted));
  });

  it('offers no Delete when its source cannot delete (a user who may not)', async () => {
    const { adapter } = fakeAdapter({ first: [event('aaa111')] });
    renderList({ ...adapter, deleteEvent: undefined });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for aaa111' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('names an event without a title by its key alone', () => {
    expect(deleteEventText({ key: 'k9x2m4p7qa', details: {} })).toMatch(/^Delete k9x2m4p7qa for good\?/);
  });

  it('deletes an active event (an abandoned one) from the Active Events list through the admin delete', async () => {
    const active = {
      id: 'a1',
      objectId: 'a1',
      key: 'act1ve0001',
      tables: 3,
      details: JSON.stringify({ typeName: 'Abandoned Tuesday', movementType: 'Mitchell', scoreType: 'IMP' }),
      createdAt: '2026-11-20T18:00:00.000Z',
      userData: { names: 'Isha Pillai', email: 'isha@example.org', contact: null },
      tournament: { key: 'act1ve0001' },
    };
    const requests = recordRequests();
    server.use(
      http.delete('/api/admin/v1/tournaments/complete/delete', () =>
        jsonResponse({ result: { message: messages.eventDeleted, deleted: { participants: 0, boardResults: 0, pairScores: 0, boards: 0 } } }),
      ),
      // The list of active events.
      http.get('/api/admin/v1/*', () => jsonResponse({ result: { data: [active], lastDocId: null } })),
    );
    renderApp(<EventList adapter={activeEventsAdapter} variant="pair" title="Active Events" description="Running now" />, { path: '/list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for act1ve0001' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete "Abandoned Tuesday" (act1ve0001) for good?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.eventDeleted));
    const call = requests.find(({ url }) => url.includes('/tournaments/complete/delete'))!;
    expect(call.url).toBe('/api/admin/v1/tournaments/complete/delete?key=act1ve0001');
    expect(call.method).toBe('DELETE');
  });
});
