// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { JoinPage } from './join-page';
import { videoTexts } from './texts';

const user = {
  uid: 'u1',
  displayName: 'Asha Rao',
  email: 'asha@example.com',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
  role: 'player',
};
const tournament = { id: 'T-2041', key: 'k9x2m4p7qa', tables: 3, details: JSON.stringify({ type: 1, typeName: 'Monday Club Pairs', players: 12 }) };

const atTableTwo = { key: 'k9x2m4p7qa', name: 'Monday Club Pairs', table: 2, channel: 'k9x2m4p7qatable1', seat: 'West', play: false };

function answer(overrides: { tournament?: Response; tables?: unknown[] } = {}) {
  const requests = recordRequests();
  server.use(
    http.get('/api/v1/user', () => jsonResponse({ result: user })),
    http.get('/api/v1/video/tables', () => jsonResponse({ result: { tables: overrides.tables ?? [] } })),
    http.get('/api/v1/tournaments', () => overrides.tournament ?? jsonResponse({ result: tournament })),
    http.post('/api/v1/video/ice-servers', () => jsonResponse({ iceServers: [] })),
  );
  return requests;
}

describe('JoinPage', () => {
  it('greets the player, names the tournament by its name and key and lists its tables', async () => {
    answer();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa&uid=u1' });
    expect(await screen.findByRole('heading', { name: 'Hello, Asha Rao' })).toBeTruthy();
    expect((await screen.findByText('Monday Club Pairs')).parentElement!.textContent).toBe('Monday Club Pairs · key k9x2m4p7qa');
    // The event's record id means nothing to a player.
    expect(screen.queryByText(/T-2041/)).toBeNull();
    fireEvent.focus(screen.getByRole('textbox', { name: 'Table' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Table 1', 'Table 2', 'Table 3']);
  });

  it('asks for a table before joining', async () => {
    answer();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa' });
    await screen.findByText('Monday Club Pairs');
    const join = screen.getByRole('button', { name: 'Join' });
    await vi.waitFor(() => expect(join.hasAttribute('disabled')).toBe(false));
    fireEvent.click(join);
    expect(await screen.findByText(videoTexts.selectTable)).toBeTruthy();
  });

  it('offers a reload when the tournament cannot be loaded', async () => {
    answer({ tournament: jsonResponse({ error: 'Tournament not found', code: 'not_found' }, 404) });
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa' });
    expect(await screen.findByText(videoTexts.oopsMessage, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says the player is already in the chat when sent back with state=2', async () => {
    answer();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa&state=2' });
    expect(await screen.findByText(videoTexts.alreadyJoined)).toBeTruthy();
  });

  it("without a key, explains how to reach a table and lists the player's tables in play, without asking for the camera", async () => {
    const requests = answer({ tables: [atTableTwo] });
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video' });
    expect(await screen.findByText(videoTexts.noKey)).toBeTruthy();
    expect(screen.queryByText(/Player app/)).toBeNull();
    const link = await screen.findByRole('link', { name: `${videoTexts.joinVideo}: Monday Club Pairs` });
    expect(link.getAttribute('href')).toBe('/video?key=k9x2m4p7qa');
    expect(screen.getByText('Table 2, West · key k9x2m4p7qa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.queryByLabelText('Your camera preview')).toBeNull();
    expect(requests.map(({ url }) => url)).not.toContain('/api/v1/tournaments?key=');
  });

  it('chooses the table the movement puts a seated player at now', async () => {
    answer({ tables: [atTableTwo] });
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa' });
    await vi.waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Table' }).value).toBe('Table 2'));
  });

  it('without camera or microphone shows one notice saying what is missing and how to allow it, with both switches off and disabled', async () => {
    answer();
    // happy-dom has no media devices, as a browser that finds neither.
    expect(navigator.mediaDevices?.getUserMedia).toBeUndefined();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa' });
    const notice = await screen.findByTestId('media-notice');
    expect(notice.textContent).toContain('No camera or microphone');
    expect(notice.textContent).toMatch(/allow this site to use them/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(videoTexts.noCamera)).toBeNull();
    expect(screen.queryByText(videoTexts.noMicrophone)).toBeNull();
    expect(screen.queryByText(videoTexts.mediaErrorMessage)).toBeNull();
    for (const name of ['Microphone', 'Camera']) {
      const toggle = screen.getByRole<HTMLInputElement>('switch', { name });
      expect(toggle.checked).toBe(false);
      expect(toggle.disabled).toBe(true);
    }
    expect((screen.getByTestId('level-meter').firstElementChild as HTMLElement).style.transform).toBe('scaleX(0)');
  });
});
