// @vitest-environment happy-dom
import { messages, type AdminUser } from '@bridge/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server, unexpected } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { UsersPage } from './users-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyInfo: vi.fn(), notifyError: vi.fn() }));
const notify = await import('../../lib/notify');

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  objectId: 'o1',
  uid: 'u1',
  names: 'Zed Target',
  email: 'zed@example.org',
  emailVerified: true,
  disabled: false,
  role: 'player',
  contact: null,
  bfiId: 'BFI-77',
  city: 'Pune',
  postalIndexNumber: '411001',
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: '2026-11-20T10:00:00.000Z',
  eventsOrganised: 0,
  ...overrides,
});

/** The admin signed in, unless a test says otherwise: not one of the users listed. */
const signedInAdmin = {
  uid: 'admin0',
  displayName: 'Ola Admin',
  email: 'ola@example.org',
  emailVerified: true,
  role: 'admin',
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
};

/** Answers by address prefix; anything else goes unanswered, so a stray request fails the test. */
function mockApi(told: Record<string, unknown>) {
  const answers: Record<string, unknown> = { '/api/admin/v1/user/': { result: signedInAdmin }, ...told };
  const requests = recordRequests();
  server.use(
    http.all('/api/*', ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const match = Object.keys(answers).find((prefix) => (pathname + search).startsWith(prefix));
      return match ? jsonResponse(answers[match]) : unexpected(request);
    }),
  );
  return requests;
}

// These screens wait for typing to stop (500 ms) and render Mantine overlays; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

describe('UsersPage', () => {
  it('disables a user after confirmation and shows the server text', async () => {
    const requests = mockApi({
      '/api/admin/v1/users/all': { result: { data: [user()], lastDocId: null } },
      '/api/admin/v1/users/disable': { result: { message: messages.userDisabled } },
    });
    renderApp(<UsersPage />, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for zed@example.org' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('cannot sign in until enabled again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.userDisabled));
    const call = requests.find(({ url }) => url.startsWith('/api/admin/v1/users/disable'))!;
    expect(call.url).toBe('/api/admin/v1/users/disable?key=u1');
    expect(call.method).toBe('PUT');
    expect(call.body).toEqual({ disabled: true });
  });

  it("keeps a phone's row to the name, status and Options; contact, role and creation show from tablets up", async () => {
    mockApi({ '/api/admin/v1/users/all': { result: { data: [user()], lastDocId: null } } });
    renderApp(<UsersPage />, { path: '/users' });
    await screen.findByRole('button', { name: 'Options for zed@example.org' });
    const phoneHidden = (cell: Element) => cell.classList.contains('mantine-visible-from-sm');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.filter((cell) => !phoneHidden(cell)).map((cell) => cell.textContent)).toEqual(['Name', 'Status', 'Options']);
    expect(headers.filter(phoneHidden).map((cell) => cell.textContent)).toEqual(['Contact', 'Role', 'Created At']);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map(phoneHidden)).toEqual(headers.map(phoneHidden));
  });

  it('toggles an admin back to player with the role text, and previews User Details', async () => {
    const requests = mockApi({
      '/api/admin/v1/users/all': { result: { data: [user({ role: 'admin' })], lastDocId: null } },
      '/api/admin/v1/users/set-role': { result: { message: messages.roleUpdated('player') } },
    });
    renderApp(<UsersPage />, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for zed@example.org' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'User Details' })).toBeTruthy();
    expect(screen.getByText('BFI-77')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Options for zed@example.org' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make player' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Make player' })).getByRole('button', { name: 'Make player' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.roleUpdated('player')));
    const call = requests.find(({ url }) => url.startsWith('/api/admin/v1/users/set-role'))!;
    expect(call.body).toEqual({ uid: 'u1', role: 'player' });
  });

  it('searches through the search call and says so when nobody matches', async () => {
    const requests = mockApi({
      '/api/admin/v1/users/all': { result: { data: [user()], lastDocId: null } },
      '/api/admin/v1/users/search': { result: { data: [], lastDocId: null } },
    });
    renderApp(<UsersPage />, { path: '/users' });
    await screen.findByText('zed@example.org');
    fireEvent.change(screen.getByPlaceholderText('Search User by Name or Email'), { target: { value: 'nobody' } });
    expect(await screen.findByText(messages.noRecords, undefined, { timeout: 4000 })).toBeTruthy();
    expect(requests.some(({ url }) => url.startsWith('/api/admin/v1/users/search?limit=10&query=nobody'))).toBe(true);
  });

  it.each([
    [14, 'and the 14 events they organised, with those events'],
    [1, "and the 1 event they organised, with that event's"],
    [0, 'they organised no events, so no score, replay and participant data goes with it'],
  ])('says in the delete confirmation how many events go with the account (%i)', async (eventsOrganised, text) => {
    mockApi({ '/api/admin/v1/users/all': { result: { data: [user({ eventsOrganised })], lastDocId: null } } });
    renderApp(<UsersPage />, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for zed@example.org' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('Zed Target (zed@example.org)');
    expect(dialog.textContent).toContain(text);
  });

  it("offers no role, status or delete on the signed-in admin's own row, and says why", async () => {
    const me = {
      uid: 'me1',
      displayName: 'Ada Admin',
      email: 'ada@example.org',
      emailVerified: true,
      role: 'admin',
      photoUrl: null,
      phoneNumber: null,
      contact: null,
      bfiId: null,
      city: null,
      postalIndexNumber: null,
    };
    mockApi({
      '/api/admin/v1/users/all': {
        result: { data: [user({ uid: 'me1', names: 'Ada Admin', email: 'ada@example.org', role: 'admin' }), user()], lastDocId: null },
      },
      '/api/admin/v1/user/': { result: me },
    });
    renderApp(<UsersPage />, { path: '/users' });
    expect(await screen.findByText('You')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Options for ada@example.org' }));
    for (const name of ['Make player', 'Disable', 'Delete']) expect(screen.getByRole('menuitem', { name }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/This is your account/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    // Another user's row still offers every change.
    fireEvent.click(screen.getByRole('button', { name: 'Options for zed@example.org' }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Disable' }).hasAttribute('disabled')).toBe(false));
  });
});
