// @vitest-environment happy-dom
import { messages, type AdminParticipant, type PastEvent } from '@bridge/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { filterParticipants } from './api';
import { PastEventPreviewPage, SolitairePreviewPage } from './event-preview-page';
import { PastEventsPage } from './past-events-page';
import { SolitairePage } from './solitaire-page';

const pastEvent = (key: string, overrides: Partial<PastEvent> = {}): PastEvent => ({
  objectId: `o-${key}`,
  createdAt: '2026-11-20T18:00:00.000Z',
  completedAt: '2026-11-20T21:00:00.000Z',
  userData: { names: 'Isha Pillai', email: 'isha@example.org', contact: null },
  tournament: { key, tables: 3, gameDetails: JSON.stringify({ typeName: `Pairs ${key}`, movementType: 'Mitchell', scoreType: 'Match Point' }) },
  resultId: null,
  xmlToken: null,
  scoreData: {},
  ...overrides,
});

const participant = (names: string, overrides: Partial<AdminParticipant> = {}): AdminParticipant => ({
  objectId: `p-${names}`, key: 'evt1', table: 1, side: 0, isBot: false, createdAt: '2026-11-20T17:00:00.000Z', editedAt: '2026-11-20T17:00:00.000Z',
  userData: { names, email: `${names.toLowerCase().replace(' ', '.')}@example.org`, contact: '+91 98450 00000' },
  ...overrides,
});

/** Answers by address prefix (longest first); anything else is a 500, so a stray request fails the test. */
function mockApi(answers: Record<string, { status?: number; body: unknown }>) {
  const prefixes = Object.keys(answers).sort((a, b) => b.length - a.length);
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const match = prefixes.find((prefix) => url.startsWith(prefix));
    if (!match) return jsonResponse({ error: 'unexpected', code: 'internal_error' }, 500);
    return jsonResponse(answers[match]!.body, answers[match]!.status ?? 200);
  });
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

describe('Bridge Results', () => {
  it('asks the server for the pair events of the signed-in user and lists them with preview and results links', async () => {
    const fetchSpy = mockApi({ '/api/v1/tournaments/mine': { body: { result: { data: [pastEvent('evt1'), pastEvent('evt2')], lastDocId: null } } } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const link = await screen.findByRole('link', { name: 'evt1' });
    expect(link.getAttribute('href')).toBe('/console/my-past-events/all-my-past-events/evt1/participants');
    const urls = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(urls.every((url) => url.startsWith('/api/v1/tournaments/mine?'))).toBe(true);
    expect(urls.some((url) => url.includes('type=pair'))).toBe(true);
    // No export and no delete in the user console.
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for evt1' }));
    expect((await screen.findByRole('menuitem', { name: 'View Results' })).getAttribute('href')).toBe('/results/evt1');
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('sums up the events played with a link to each result, and no score it does not have', async () => {
    mockApi({ '/api/v1/tournaments/mine': { body: { result: { data: [pastEvent('evt1'), pastEvent('evt2')], lastDocId: null } } } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const summary = await screen.findByRole('region', { name: 'Your bridge results' });
    expect(within(summary).getByLabelText('Events played').textContent).toBe('2');
    expect(within(summary).getByText('Pairs evt1')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Results of evt1' }).getAttribute('href')).toBe('/results/evt1');
    expect(within(summary).getByRole('link', { name: 'Results of evt2' }).getAttribute('href')).toBe('/results/evt2');
    expect(summary.textContent).not.toContain('%');
  });

  it('says so when the user has no results yet', async () => {
    mockApi({ '/api/v1/tournaments/mine': { body: { result: { data: [], lastDocId: null } } } });
    renderApp(<PastEventsPage />, { path: '/console/my-past-events/all-my-past-events' });
    const summary = await screen.findByRole('region', { name: 'Your bridge results' });
    expect(within(summary).getByLabelText('Events played').textContent).toBe('0');
    expect(summary.textContent).toContain('When an event you took part in is scored');
  });
});

describe('Console event preview', () => {
  const routes = [
    { path: '/console/my-past-events/all-my-past-events/:key', element: <PastEventPreviewPage /> },
    { path: '/console/my-past-events/all-my-past-events/:key/:tab', element: <PastEventPreviewPage /> },
  ];

  it('shows the participants of one of the user\'s events from its own record', async () => {
    const fetchSpy = mockApi({
      '/api/v1/tournaments/mine/evt1': { body: { result: { ...pastEvent('evt1'), status: 'complete', participants: [participant('Asha Rao'), participant('Ravi Kumar', { side: 2 })] } } },
    });
    renderApp(routes, { initialEntry: '/console/my-past-events/all-my-past-events/evt1' });
    expect(await screen.findByRole('heading', { name: 'Pairs evt1' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).getByText('Asha Rao')).toBeTruthy();
    expect(within(table).getByText('South')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Event Details/ }).getAttribute('href')).toBe('/console/my-past-events/all-my-past-events');
    expect(fetchSpy.mock.calls.every(([url]) => String(url).startsWith('/api/v1/tournaments/mine/evt1'))).toBe(true);
  });

  it("shows not found for another user's event (the server answers 404)", async () => {
    mockApi({ '/api/v1/tournaments/mine/theirs': { status: 404, body: { error: 'Tournament not found', code: 'not_found' } } });
    renderApp(routes, { initialEntry: '/console/my-past-events/all-my-past-events/theirs/details' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.eventNotFound);
  });

  it('previews a solitaire event with participants and details only', async () => {
    mockApi({
      '/api/v1/tournaments/mine/sol1': { body: { result: { ...pastEvent('sol1'), status: 'complete', participants: [participant('Asha Rao')] } } },
    });
    renderApp([{ path: '/s/:key/:tab', element: <SolitairePreviewPage /> }], { initialEntry: '/s/sol1/participants' });
    expect(await screen.findByRole('heading', { name: 'Pairs sol1' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Participants' });
    expect(screen.queryByRole('tab', { name: /Board Results/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Board Results/ })).toBeNull();
  });
});

describe('Solitaire', () => {
  it('lists the solitaire events of the signed-in user', async () => {
    const fetchSpy = mockApi({ '/api/v1/tournaments/mine': { body: { result: { data: [pastEvent('sol1')], lastDocId: null } } } });
    renderApp(<SolitairePage />, { path: '/console/solitaire/solitaire-events/solitaire-past-events' });
    expect(await screen.findByText('sol1')).toBeTruthy();
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('type=solitaire'))).toBe(true));
  });
});

describe('filterParticipants', () => {
  const people = [participant('Asha Rao'), participant('Ravi Kumar', { createdAt: '2026-11-22T09:00:00.000Z', userData: { names: 'Ravi Kumar', email: null, contact: '+91 99999 11111' } })];
  it('matches name, email or contact, and the registration day range', () => {
    expect(filterParticipants(people, {}).map((p) => p.userData.names)).toEqual(['Asha Rao', 'Ravi Kumar']);
    expect(filterParticipants(people, { query: 'asha' }).map((p) => p.userData.names)).toEqual(['Asha Rao']);
    expect(filterParticipants(people, { query: '99999' }).map((p) => p.userData.names)).toEqual(['Ravi Kumar']);
    expect(filterParticipants(people, { startDate: '2026-11-21' }).map((p) => p.userData.names)).toEqual(['Ravi Kumar']);
    expect(filterParticipants(people, { endDate: '2026-11-20' }).map((p) => p.userData.names)).toEqual(['Asha Rao']);
  });
});
