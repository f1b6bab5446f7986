// @vitest-environment happy-dom
import { messages, type AuditRow } from '@bridge/api';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { AuditsPage } from './audits-page';

const audit = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  objectId: 'a1',
  at: '2026-11-21T09:00:00.000Z',
  actorId: 'u1',
  actorEmail: 'admin@example.org',
  action: 'admin.user.disable',
  target: 'zed@example.org',
  outcome: 'success',
  ip: '192.0.2.7',
  details: { disabled: true },
  ...overrides,
});

// Mantine overlays and a busy machine need more than the default waits.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const AUDITS = '/api/admin/v1/audits';

describe('AuditsPage', () => {
  it('lists who did what to whom, and filters by action and a complete date range', async () => {
    const requests = recordRequests();
    server.use(http.get(AUDITS, () => jsonResponse({ result: { data: [audit()], lastDocId: null } })));
    renderApp(<AuditsPage />, { path: '/audits' });
    expect(await screen.findByText('View all system logs here')).toBeTruthy();
    expect(await screen.findByText('admin.user.disable')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Who', 'Action', 'Target', 'Outcome', 'Details']);
    // The address sits under who acted, so the log fits a laptop without scrolling sideways.
    expect(screen.getByText('IP 192.0.2.7')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'admin.' } });
    await waitFor(() => expect(requests.some(({ url }) => url.includes('action=admin.'))).toBe(true));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    // The catalogue's text ends in a space, kept as written.
    expect((await screen.findByRole('alert')).textContent).toBe(messages.setBothDates);
    expect(requests.some(({ url }) => url.includes('startDate'))).toBe(false);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(requests.some(({ url }) => /startDate=2026-11-01&endDate=2026-11-21/.test(url))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'PDF' }).getAttribute('href')).toBe(
      '/api/admin/v1/export/audits?format=pdf&action=admin.&startDate=2026-11-01&endDate=2026-11-21',
    );
  });

  it('names an event by its title and key, and a user by email', async () => {
    const rows = [
      audit({ objectId: 'a2', action: 'admin.event.delete', target: 'k9x2m4p7qa', details: { title: 'Tuesday Pairs', participants: 8 } }),
      audit({ objectId: 'a3', action: 'admin.user.delete', target: 'zed@example.org', details: { names: 'Zed' } }),
    ];
    server.use(http.get(AUDITS, () => jsonResponse({ result: { data: rows, lastDocId: null } })));
    renderApp(<AuditsPage />, { path: '/audits' });
    expect(await screen.findByText('"Tuesday Pairs" (k9x2m4p7qa)')).toBeTruthy();
    expect(screen.getByText('zed@example.org')).toBeTruthy();
  });
});
