// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { ToolsPage } from './tools-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

describe('ToolsPage', () => {
  it('opens the test player address in a new tab and lists contact messages', async () => {
    server.use(
      http.get('/api/admin/v1/tools/test-player', () =>
        jsonResponse({ result: 'http://localhost/api/v1/apps/download?platform=windows&file=player' }),
      ),
    );
    server.use(
      http.get('/api/admin/v1/contact-messages', () =>
        jsonResponse({
          result: {
            data: [
              {
                objectId: 'c1',
                name: 'Ravi Kumar',
                email: 'ravi@example.org',
                contact: '+91 98450 11111',
                description: 'When is the next club night?',
                type: 1,
                createdAt: '2026-11-21T08:00:00.000Z',
              },
            ],
            lastDocId: null,
          },
        }),
      ),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(<ToolsPage />, { path: '/tools' });
    expect(await screen.findByText('When is the next club night?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download Test Player' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost/api/v1/apps/download?platform=windows&file=player', '_blank', 'noopener'),
    );
  });
});
