// @vitest-environment happy-dom
import type { MovementProposal } from '@bridge/api';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server, type SeenRequest } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { NewEventPage } from './new-event-page';
import { formatDuration } from './format';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const proposal = (id: string, overrides: Partial<MovementProposal> = {}): MovementProposal => ({
  id,
  name: id === 'howell-7' ? 'Howell' : 'Mitchell',
  description: id === 'howell-7' ? 'Every pair meets every other pair' : 'NS pairs stay, EW pairs move up a table',
  tables: 4,
  rounds: 7,
  boardsPerRound: 3,
  totalBoards: 21,
  minutes: 205,
  sitOut: id === 'howell-7',
  winners: id === 'howell-7' ? 1 : 2,
  ...overrides,
});

type Answer = { status?: number; body: unknown };
type Call = SeenRequest;

/** The wizard's three endpoints; each POST answers the next of its list (the last one again after). */
function serve(answers: { check?: Answer[]; create?: Answer[]; proposals?: MovementProposal[] } = {}) {
  const calls: Call[] = recordRequests();
  const next = (list: Answer[] | undefined, fallback: Answer) => (list && list.length > 1 ? list.shift()! : (list?.[0] ?? fallback));
  server.use(
    http.get('/api/v1/direct/proposals', () => jsonResponse({ result: answers.proposals ?? [proposal('mitchell-4'), proposal('howell-7')] })),
    http.post('/api/v1/direct/movements/check', () => {
      const answer = next(answers.check, {
        body: { result: { tables: 3, rounds: 5, pairs: 5, boardsPerRound: 3, totalBoards: 15, winners: 1, sitOut: true, minutes: 118 } },
      });
      return jsonResponse(answer.body, answer.status);
    }),
    http.post('/api/v1/direct/events', () => {
      const answer = next(answers.create, { body: { result: { key: 'thu1' } } });
      return jsonResponse(answer.body, answer.status);
    }),
  );
  return calls;
}

function renderWizard() {
  return renderApp(
    [
      { path: '/console/direct/new', element: <NewEventPage /> },
      { path: '/console/direct/:key/entries', element: <p>Entries page</p> },
    ],
    { initialEntry: '/console/direct/new' },
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const heading = (text: string) => screen.findByRole('heading', { name: new RegExp(text) });
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillFirstStep() {
  await heading('Step 1 of 4');
  type(/Event name/, 'Thursday Pairs');
  type(/^Date/, '2026-12-03');
  type(/Start time/, '19:30');
  next();
  await heading('Step 2 of 4');
}

describe('New event', () => {
  it('refuses Next on the first step with the message at the field, and keeps what was typed', async () => {
    serve();
    renderWizard();
    await heading('Step 1 of 4');
    type(/^Date/, '');
    next();
    expect(await screen.findByText('Give the event a name')).toBeTruthy();
    expect(screen.getByText('Give the date of the session')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Step 1 of 4/ })).toBeTruthy();
    // Next goes on once the step is valid; Back returns with the values kept.
    type(/Event name/, 'Thursday Pairs');
    type(/^Date/, '2026-12-03');
    next();
    await heading('Step 2 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Step 1 of 4');
    expect(screen.getByLabelText<HTMLInputElement>(/Event name/).value).toBe('Thursday Pairs');
  });

  it('shows the proposals for the pairs with their figures, and Next needs one chosen', async () => {
    const calls = serve();
    renderWizard();
    await fillFirstStep();
    const howell = await screen.findByRole('radio', { name: /Howell/ });
    expect(howell.textContent).toContain('Every pair meets every other pair');
    expect(howell.textContent).toContain('7 rounds');
    expect(howell.textContent).toContain('3 boards a round');
    expect(howell.textContent).toContain('21 boards in all');
    expect(howell.textContent).toContain('3 h 25 min');
    expect(howell.textContent).toContain('one pair sits out each round');
    expect(calls.some((c) => c.url === '/api/v1/direct/proposals?pairs=12&minutesPerBoard=7.5')).toBe(true);

    next();
    expect(await screen.findByText('Choose one of the movements')).toBeTruthy();
    fireEvent.click(howell);
    await waitFor(() => expect(howell.getAttribute('aria-checked')).toBe('true'));
    next();
    await heading('Step 3 of 4');
  });

  it('asks for the movements again when the number of pairs changes, and refuses pairs out of range', async () => {
    const calls = serve();
    renderWizard();
    await fillFirstStep();
    await screen.findByRole('radio', { name: /Howell/ });
    type(/Number of pairs/, '7');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/direct/proposals?pairs=7&minutesPerBoard=7.5')).toBe(true));
    type(/Number of pairs/, '61');
    next();
    expect(await screen.findByText('Give 4 to 60 pairs')).toBeTruthy();
  });

  it('shows an uploaded movement’s refusal at the field, then its figures once it passes', async () => {
    const calls = serve({
      check: [
        { status: 400, body: { error: 'Round 3: pair 5 sits at table 2 and table 4', code: 'validation_failed' } },
        { body: { result: { tables: 3, rounds: 5, pairs: 5, boardsPerRound: 3, totalBoards: 15, winners: 1, sitOut: true, minutes: 118 } } },
      ],
    });
    renderWizard();
    await fillFirstStep();
    fireEvent.click(screen.getByText('Upload a movement'));
    const table = await screen.findByLabelText(/Movement table/);
    next();
    expect(await screen.findByText('Choose a movement file or paste its text')).toBeTruthy();

    fireEvent.change(table, { target: { value: 'round,table,ns,ew,set\n1,1,1,2,1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the movement' }));
    expect(await screen.findByText('Round 3: pair 5 sits at table 2 and table 4')).toBeTruthy();
    expect(table.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.url === '/api/v1/direct/movements/check')?.body).toEqual({
      format: 'csv',
      text: 'round,table,ns,ew,set\n1,1,1,2,1',
      boardsPerRound: 3,
    });

    fireEvent.change(table, { target: { value: 'round,table,ns,ew,set\n1,1,0,1,1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the movement' }));
    const figures = await screen.findByText(/15 boards in all/);
    expect(figures.textContent).toContain('5 pairs');
    expect(figures.textContent).toContain(formatDuration(118));
    // The upload seats 5 pairs, not the 12 given: one press makes them agree.
    fireEvent.click(screen.getByRole('button', { name: 'Use 5 pairs' }));
    expect(screen.getByLabelText<HTMLInputElement>(/Number of pairs/).value).toBe('5');
    expect(screen.queryByRole('button', { name: 'Use 5 pairs' })).toBeNull();
    next();
    await heading('Step 3 of 4');
    next();
    await heading('Step 4 of 4');
    expect(screen.getByText('Uploaded movement (CSV)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Entries page')).toBeTruthy();
    const create = calls.find((c) => c.method === 'POST' && c.url === '/api/v1/direct/events')?.body as Record<string, unknown>;
    expect(create.pairs).toBe(5);
    expect(create.movement).toEqual({ kind: 'upload', format: 'csv', text: 'round,table,ns,ew,set\n1,1,0,1,1', boardsPerRound: 3 });
  });

  it('creates the event with every choice in the body and goes to its entries', async () => {
    const calls = serve();
    renderWizard();
    await fillFirstStep();
    fireEvent.click(await screen.findByRole('radio', { name: /Mitchell/ }));
    next();
    await heading('Step 3 of 4');
    fireEvent.click(screen.getByLabelText('Cross-IMPs'));
    fireEvent.click(screen.getByLabelText('From a PBN file'));
    fireEvent.click(screen.getByRole('switch', { name: /Online event/ }));
    next();
    await heading('Step 4 of 4');
    expect(screen.getByText('Mitchell')).toBeTruthy();
    expect(screen.getByText(/upload the PBN file/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Entries page')).toBeTruthy();
    const create = calls.find((c) => c.method === 'POST' && c.url === '/api/v1/direct/events');
    expect(create?.body).toEqual({
      name: 'Thursday Pairs',
      startsAt: new Date('2026-12-03T19:30').toISOString(),
      pairs: 12,
      minutesPerBoard: 7.5,
      movement: { kind: 'proposal', id: 'mitchell-4' },
      scoring: 'cross-imps',
      deals: 'pbn',
      showTravellers: true,
      online: true,
    });
  });

  it('shows the server’s refusal at its field, on its step, with the values kept', async () => {
    serve({
      create: [
        {
          status: 400,
          body: {
            error: 'An event called Thursday Pairs already starts then',
            code: 'validation_failed',
            issues: [{ path: 'name', message: 'An event called Thursday Pairs already starts then' }],
          },
        },
      ],
    });
    renderWizard();
    await fillFirstStep();
    fireEvent.click(await screen.findByRole('radio', { name: /Mitchell/ }));
    next();
    await heading('Step 3 of 4');
    next();
    await heading('Step 4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An event called Thursday Pairs already starts then')).toBeTruthy();
    await heading('Step 1 of 4');
    expect(screen.getByLabelText<HTMLInputElement>(/Event name/).value).toBe('Thursday Pairs');
    next();
    await heading('Step 2 of 4');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Mitchell/ }).getAttribute('aria-checked')).toBe('true'));
  });
});
