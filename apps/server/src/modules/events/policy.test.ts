import { describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTournament } from '../../../test/factories.ts';
import { authorize, can } from '../../lib/policy.ts';
import './policy.ts';
import { findTournament } from './service.ts';

/** The events' rules through the route plugin (the table in authorisation.test.ts has every route and caller). */
const t = await buildTestApp();
const as = await t.roles();

describe('events policy', () => {
  it('checks the caller on request, before the input is read: signed out, a bad body still answers 401', async () => {
    const event = await buildTournament(t.app, { organiser: as.owner });
    const response = await as.anonymous.post(`/api/v1/tournaments/${event.key}/results`, { round: 'not a number' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(messages.notSignedIn);
  });

  it('looks the subject up after the params are valid: a bad key answers 400, an unknown one 404', async () => {
    expect((await as.owner.post(`/api/v1/tournaments/${'x'.repeat(41)}/complete`, {})).statusCode).toBe(400);
    const unknown = await as.owner.post('/api/v1/tournaments/nosuchevent/complete', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Tournament not found');
  });

  it('can and authorize answer from the same rules as the routes', async () => {
    const event = await findTournament(t.database.db, (await buildTournament(t.app, { organiser: as.owner })).key);
    expect(can(as.owner.user, 'event.change', event)).toBe(true);
    expect(can(as.admin.user, 'event.change', event)).toBe(true);
    expect(can(as.otherOrganiser.user, 'event.change', event)).toBe(false);
    expect(can(null, 'event.read', { ...event, callerPlays: false })).toBe(false);
    expect(() => authorize(as.otherOrganiser.user, 'event.change', event)).toThrow('Only the organiser of this event can change it');
    expect(() => authorize(as.unverified.user, 'event.change', event)).toThrow('Please verify your email address before organising events');
    expect(() => authorize(null, 'event.administer', undefined)).toThrow(messages.notSignedIn);
    expect(() => authorize(as.owner.user, 'event.administer', undefined)).toThrow(messages.adminOnly);
  });
});
