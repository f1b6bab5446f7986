// @vitest-environment happy-dom
import type { DirectedEvent } from '@bridge/api';
import { configure, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { DirectEventsPage } from './events-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const event = (key: string, phase: DirectedEvent['phase'], overrides: Partial<DirectedEvent> = {}): DirectedEvent => ({
  key,
  name: `Thursday Pairs ${key}`,
  startsAt: '2026-11-26T19:30:00.000Z',
  phase,
  movementName: 'Mitchell',
  tables: 6,
  rounds: 7,
  currentRound: phase === 'play' ? 3 : 0,
  scoring: 'matchpoints',
  organiser: 'Isha Pillai',
  ...overrides,
});

function serve(body: unknown, status = 200) {
  server.use(http.get('/api/v1/direct/events', () => jsonResponse(body, status)));
}

describe('Directing', () => {
  it('lists the events in three groups, each linking to its entries or its live view', async () => {
    serve({
      result: {
        preparation: [event('prep1', 'preparation')],
        play: [event('play1', 'play')],
        complete: [event('done1', 'complete'), event('done2', 'complete')],
      },
    });
    renderApp(<DirectEventsPage />, { path: '/console/direct' });

    const preparation = await screen.findByRole('region', { name: 'In preparation' });
    const link = within(preparation).getByRole('link', { name: 'Thursday Pairs prep1' });
    expect(link.getAttribute('href')).toBe('/console/direct/prep1/entries');

    const play = screen.getByRole('region', { name: 'In play' });
    expect(within(play).getByRole('link', { name: 'Thursday Pairs play1' }).getAttribute('href')).toBe('/console/direct/play1');
    expect(play.textContent).toContain('Round 3 of 7');

    const complete = screen.getByRole('region', { name: 'Complete' });
    expect(
      within(complete)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/console/direct/done1', '/console/direct/done2']);
    expect(screen.getAllByRole('link', { name: 'New event' })[0]!.getAttribute('href')).toBe('/console/direct/new');
  });

  it('says what to do in a group with no event', async () => {
    serve({ result: { preparation: [], play: [event('play1', 'play')], complete: [] } });
    renderApp(<DirectEventsPage />, { path: '/console/direct' });
    const preparation = await screen.findByRole('region', { name: 'In preparation' });
    expect(preparation.textContent).toContain('Press New event to make one');
    expect(screen.getByRole('region', { name: 'Complete' }).textContent).toContain('No event is complete yet');
  });

  it('with no event at all, tells the user to make one with New event', async () => {
    serve({ result: { preparation: [], play: [], complete: [] } });
    renderApp(<DirectEventsPage />, { path: '/console/direct' });
    expect(await screen.findByText('You have no events yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'In play' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'New event' })).toHaveLength(2);
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    serve({ error: 'The database is not answering', code: 'service_unavailable' }, 503);
    renderApp(<DirectEventsPage />, { path: '/console/direct' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is not answering');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
