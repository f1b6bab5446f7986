// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

function answer(overrides: { tournament?: Response } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/user')) return jsonResponse({ result: user });
    if (url.startsWith('/api/v1/tournaments')) return overrides.tournament ?? jsonResponse({ result: tournament });
    if (url.startsWith('/api/v1/video/ice-servers')) return jsonResponse({ iceServers: [] });
    throw new Error(`unexpected call ${url}`);
  });
}

describe('JoinPage', () => {
  it('greets the player, names the tournament and lists its tables', async () => {
    answer();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa&uid=u1' });
    expect(await screen.findByRole('heading', { name: 'Hello, Asha Rao' })).toBeTruthy();
    expect(await screen.findByText('T-2041')).toBeTruthy();
    fireEvent.focus(screen.getByRole('textbox', { name: 'Table' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Table 1', 'Table 2', 'Table 3']);
  });

  it('asks for a table before joining', async () => {
    answer();
    renderApp(<JoinPage />, { path: '/video', initialEntry: '/video?key=k9x2m4p7qa' });
    await screen.findByText('T-2041');
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
});
