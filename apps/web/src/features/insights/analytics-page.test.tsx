// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { AnalyticsPage } from './analytics-page';

const row = {
  date: '2026-11-20',
  fileName: 'player-windows-1.2.0.exe',
  app: 'player',
  platform: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
  osVersion: 'Windows 10',
  deviceModel: null,
  pagePath: '/download',
  count: 3,
};

function mockApi() {
  const requests = recordRequests();
  server.use(
    http.get('/api/admin/v1/analytics/downloads-summary', () => jsonResponse({ results: [{ fileName: 'player-windows-1.2.0.exe', count: 42 }] })),
    http.get('/api/admin/v1/analytics/events', () => jsonResponse({ result: [row] })),
  );
  return requests;
}

// These screens wait for typing to stop (500 ms) and render Mantine overlays; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

describe('AnalyticsPage', () => {
  it('shows the summary per file, the chart and the table for the last 14 days', async () => {
    const requests = mockApi();
    renderApp(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'File Downloads Over Time' })).toBeTruthy();
    expect(await screen.findByText('Mozilla/5.0 (Windows NT 10.0)')).toBeTruthy();
    // The chart's figure says in words what its lines show (the drawing itself arrives with its own chunk).
    expect(screen.getByRole('figure', { name: /^File Downloads Over Time: 3 downloads of 1 file from / })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User Agent',
      'OS Version',
      'Application',
      'Device Model',
      'Downloads',
      'Origin',
      'Date',
    ]);
    const url = new URL(requests.find(({ url }) => url.startsWith('/api/admin/v1/analytics/events'))!.url, 'http://x');
    const days = (Date.parse(url.searchParams.get('endDate')!) - Date.parse(url.searchParams.get('startDate')!)) / 86_400_000;
    expect(days).toBe(13);
    expect(url.searchParams.get('eventName')).toBe('file_download');
    // The search is named by the specification's sentence; its placeholder is short enough for a phone's field.
    const search = screen.getByRole('searchbox', { name: 'Search By User Agent, Device Model, Downloads, and Origin' });
    expect(search.getAttribute('placeholder')).toBe('User agent, device, downloads or origin');
  });

  it('asks for both dates and loads nothing without them; a chip filters by platform and app', async () => {
    const requests = mockApi();
    renderApp(<AnalyticsPage />, { path: '/analytics' });
    await screen.findByText('Mozilla/5.0 (Windows NT 10.0)');
    fireEvent.click(screen.getByLabelText('Player (Android)'));
    await waitFor(() => expect(requests.some(({ url }) => /platform=android/.test(url) && /app=player/.test(url))).toBe(true));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(await screen.findByText(messages.selectBothDates)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
