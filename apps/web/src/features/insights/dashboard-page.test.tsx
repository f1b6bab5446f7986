// @vitest-environment happy-dom
import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { DashboardPage } from './dashboard-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const figure = (value: number) => ({ value, weekly: [0, 1, 0, 2, 0, 0, 3, value % 7] });

describe('DashboardPage', () => {
  it('shows each key figure with its trend described in words', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
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
    );
    renderApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('1,200')).toBeTruthy();
    for (const label of ['Users', 'New users this week', 'Active events', 'Completed events', 'Downloads', 'Contact messages'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('img', { name: /downloads in each of the last 8 weeks, oldest first: 0, 1, 0, 2, 0, 0, 3, 4/ })).toBeTruthy();
  });
});
