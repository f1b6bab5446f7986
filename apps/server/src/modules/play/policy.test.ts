import { describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { isOrganiserOrAdmin } from '../../lib/policy.ts';
import { playingDirectorMessage } from '../entries/service.ts';
import { notStartedMessage } from '../results/service.ts';
import {
  directsEvent,
  kibitzersClosedMessage,
  notOnlineMessage,
  notSeatedMessage,
  tableClosedMessage,
  tableMessageRefusal,
  viewerAt,
  type TableMessage,
} from './policy.ts';
import type { TableViewer } from './table-view.ts';

// Plain unit tests of the rules: who directs an event, who may sit where at its online tables, who may send what.
const organiser = { id: 'organiser', role: 'player' as const };
const admin = { id: 'admin', role: 'admin' as const };
const player = { id: 'player', role: 'player' as const };
const event = {
  organiserId: 'organiser',
  status: 'active' as const,
  kibitzersEnabled: true,
  tables: 3,
  liveTableEvent: true,
  startedAt: new Date('2026-11-28T08:00:00Z'),
};

describe('the organiser or an admin', () => {
  it("is the event's organiser, or any admin; nobody else, and nobody signed out", () => {
    expect(isOrganiserOrAdmin(organiser, event)).toBe(true);
    expect(isOrganiserOrAdmin(admin, event)).toBe(true);
    expect(isOrganiserOrAdmin(player, event)).toBe(false);
    expect(isOrganiserOrAdmin(null, event)).toBe(false);
    // The organiser of another event is nobody special here.
    expect(isOrganiserOrAdmin(organiser, { organiserId: 'someone else' })).toBe(false);
  });
});

describe('who directs an event', () => {
  it('is its organiser or an admin who does not play in it, and one who does once it is complete (decision 057)', () => {
    expect(directsEvent(organiser, event, false)).toBe(true);
    expect(directsEvent(admin, event, false)).toBe(true);
    expect(directsEvent(player, event, false)).toBe(false);
    expect(directsEvent(organiser, event, true)).toBe(false);
    expect(directsEvent(admin, event, true)).toBe(false);
    expect(directsEvent(organiser, { ...event, status: 'complete' }, true)).toBe(true);
    expect(directsEvent(player, { ...event, status: 'complete' }, true)).toBe(false);
  });
});

describe('whether a table of an event is open to sit at', () => {
  it('needs the event, the table, an online event in play, and its start', () => {
    expect(tableClosedMessage(event, 3)).toBeUndefined();
    expect(tableClosedMessage(undefined, 1)).toBe(messages.videoUnknownTable);
    expect(tableClosedMessage(event, 4)).toBe(messages.videoUnknownTable);
    expect(tableClosedMessage({ ...event, liveTableEvent: false }, 1)).toBe(notOnlineMessage);
    expect(tableClosedMessage({ ...event, status: 'complete' }, 1)).toBe(notOnlineMessage);
    expect(tableClosedMessage({ ...event, startedAt: null }, 1)).toBe(notStartedMessage);
  });
});

describe('where a user may sit at a table', () => {
  const here = { seat: 'E' as const, round: 2 };

  it('seats a player the movement puts at the table at their seat, for the round, whoever they are', () => {
    for (const user of [player, organiser, admin])
      expect(viewerAt(user, event, { here, plays: true })).toEqual({ ok: true, viewer: { kind: 'seat', seat: 'E', userId: user.id, round: 2 } });
  });

  it('keeps a player of the event seated elsewhere away from the table, an organiser or admin who plays too', () => {
    expect(viewerAt(player, event, { here: undefined, plays: true })).toEqual({ ok: false, message: notSeatedMessage });
    expect(viewerAt(organiser, event, { here: undefined, plays: true })).toEqual({ ok: false, message: playingDirectorMessage });
    expect(viewerAt(admin, event, { here: undefined, plays: true })).toEqual({ ok: false, message: playingDirectorMessage });
  });

  it('sits the organiser and admins as the director, kibitzers anywhere else where the event allows them', () => {
    const outside = { here: undefined, plays: false };
    expect(viewerAt(organiser, event, outside)).toEqual({ ok: true, viewer: { kind: 'director' } });
    expect(viewerAt(admin, { ...event, kibitzersEnabled: false }, outside)).toEqual({ ok: true, viewer: { kind: 'director' } });
    expect(viewerAt(player, event, outside)).toEqual({ ok: true, viewer: { kind: 'kibitzer' } });
    expect(viewerAt(player, { ...event, kibitzersEnabled: false }, outside)).toEqual({ ok: false, message: kibitzersClosedMessage });
  });
});

describe('who may send what at a table', () => {
  const seat: TableViewer = { kind: 'seat', seat: 'N', userId: 'player', round: 1 };
  const director: TableViewer = { kind: 'director' };
  const kibitzer: TableViewer = { kind: 'kibitzer' };
  const directorsOwn: Record<string, string> = {
    ruling: 'Only the director rules on a claim',
    robot: 'Only the director gives a seat to a robot',
    directorHere: 'Only the director answers a call to the table',
  };
  const playersOwn: TableMessage[] = ['call', 'play', 'claim', 'claimResponse', 'undo', 'undoResponse'];

  it('lets the director alone rule, give a seat to a robot and answer a call', () => {
    for (const [message, refusal] of Object.entries(directorsOwn)) {
      expect(tableMessageRefusal(director, message as TableMessage)).toBeUndefined();
      expect(tableMessageRefusal(seat, message as TableMessage)).toBe(refusal);
      expect(tableMessageRefusal(kibitzer, message as TableMessage)).toBe(refusal);
    }
  });

  it('lets a player alone call the director and play; a kibitzer only watches', () => {
    expect(tableMessageRefusal(seat, 'callDirector')).toBeUndefined();
    expect(tableMessageRefusal(director, 'callDirector')).toBe('Only a player at the table calls the director');
    expect(tableMessageRefusal(kibitzer, 'callDirector')).toBe('Only a player at the table calls the director');
    for (const message of playersOwn) {
      expect(tableMessageRefusal(seat, message)).toBeUndefined();
      expect(tableMessageRefusal(director, message)).toBe('Only a player at the table can do that');
      expect(tableMessageRefusal(kibitzer, message)).toBe('Only a player at the table can do that');
    }
  });
});
