// @vitest-environment happy-dom
import type { PublicEvent } from '@bridge/api';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { TournamentsPage } from './tournaments-page';

const event = (overrides: Partial<PublicEvent>): PublicEvent => ({
  key: 'k9x2m4p7qa',
  name: 'Monday Club Pairs',
  movementType: 'Mitchell',
  scoreType: 'Match Point',
  tables: 5,
  createdAt: '2026-11-16T18:00:00.000Z',
  completedAt: '2026-11-16T21:30:00.000Z',
  resultsUrl: '/results/k9x2m4p7qa',
  ...overrides,
});

const RECENT = '/api/v1/tournaments/recent';

describe('TournamentsPage', () => {
  it('lists events in play and recent results, each result linking to its results page', async () => {
    server.use(
      http.get(RECENT, () =>
        jsonResponse({
          result: {
            live: [event({ key: 'live000001', name: 'Friday Evening Pairs', completedAt: null, resultsUrl: null })],
            completed: [event({ scoreType: 'IMP', movementType: 'Howell' })],
          },
        }),
      ),
    );
    renderApp(<TournamentsPage />, { path: '/tournaments' });
    expect(await screen.findByRole('heading', { name: 'In play now' })).toBeTruthy();
    expect(screen.getByText('In play')).toBeTruthy();
    expect(screen.getByText('Results are published when the last board is played.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recent results' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Results of Monday Club Pairs' }).getAttribute('href')).toBe('/results/k9x2m4p7qa');
    expect(screen.getByText(/16 Nov 2026 · 5 tables · Howell · IMPs/)).toBeTruthy();
  });

  it('says so honestly when there are no events yet', async () => {
    server.use(http.get(RECENT, () => jsonResponse({ result: { live: [], completed: [] } })));
    renderApp(<TournamentsPage />, { path: '/tournaments' });
    expect(await screen.findByRole('heading', { name: 'No public tournaments yet' })).toBeTruthy();
  });
});
