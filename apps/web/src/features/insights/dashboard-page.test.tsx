// @vitest-environment happy-dom
import { configure, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { DashboardPage } from './dashboard-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const figure = (value: number) => ({ value, weekly: [0, 1, 0, 2, 0, 0, 3, value % 7] });

const DASHBOARD = '/api/admin/v1/dashboard';

describe('DashboardPage', () => {
  it('shows each key figure with its trend described in words', async () => {
    server.use(
      http.get(DASHBOARD, () =>
        jsonResponse({
          result: {
            users: figure(1200),
            newUsersThisWeek: figure(5),
            activeEvents: figure(2),
            completedEvents: figure(31),
            downloads: figure(88),
            contactMessages: figure(4),
          },
        }),
      ),
    );
    renderApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('1,200')).toBeTruthy();
    for (const label of ['Users', 'New users this week', 'Active events', 'Completed events', 'Downloads', 'Contact messages'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('img', { name: /downloads in each of the last 8 weeks, oldest first: 0, 1, 0, 2, 0, 0, 3, 4/ })).toBeTruthy();
  });

  it('words each card on its own, with the singular for one', async () => {
    const weekly = (last: number, before = 0) => [0, 0, 0, 0, 0, 0, before, last];
    server.use(
      http.get(DASHBOARD, () =>
        jsonResponse({
          result: {
            users: { value: 6, weekly: weekly(6, 0) },
            newUsersThisWeek: { value: 6, weekly: weekly(6, 1) },
            activeEvents: { value: 1, weekly: weekly(1) },
            completedEvents: { value: 2, weekly: weekly(2) },
            downloads: { value: 1, weekly: weekly(1) },
            contactMessages: { value: 0, weekly: weekly(0) },
          },
        }),
      ),
    );
    renderApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('1 event started this week')).toBeTruthy();
    expect(screen.getByText('2 events completed this week')).toBeTruthy();
    expect(screen.getByText('1 download this week')).toBeTruthy();
    expect(screen.getByText('0 messages this week')).toBeTruthy();
    // Users and New users this week show the same number, but not the same caption.
    expect(screen.getByText('All accounts; 6 joined this week')).toBeTruthy();
    expect(screen.getByText('1 new user the week before')).toBeTruthy();
    const captions = screen.getAllByText(/this week|week before/).map((node) => node.textContent);
    expect(new Set(captions).size).toBe(captions.length);
  });
});
