import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import {
  buildClient,
  buildCompletedEvent,
  buildSeatedEvent,
  buildTournament,
  buildUser,
  DEFAULT_PASSWORD,
  firstResult,
  type Client,
} from '../../test/factories.ts';

// Each change of events reaches what watches it through the one fan-out (lib/event-changes.ts): the table sockets,
// phones' streams and live views hear the announcements below (lib/change-stream.ts, play/routes.ts). One test a
// change kind, each failing if its service no longer emits it; then that a listener reading the database on a
// change sees the change made.

const t = await buildTestApp();
const as = await t.roles();
const db = t.database.db;

/** What the listeners hear from now on: `change {subject}` (event-changes) and `deleted {key}` (event-deletions). */
function hear() {
  const heard: string[] = [];
  const stops = [t.app.eventChanges.on((subject) => heard.push(`change ${subject}`)), t.app.eventDeletions.on((key) => heard.push(`deleted ${key}`))];
  onTestFinished(() => stops.forEach((stop) => stop()));
  return heard;
}

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(200);
};

const D = '/api/v1/direct/events';
const deal = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';

/** A club event (not online), seated and started, with a phone holding table 1. */
async function startedWithPhone() {
  const event = await buildSeatedEvent(t.app, { organiser: as.owner, gameDetails: { liveTableEvent: false } });
  const codes = (await as.owner.get(`/api/v1/tournaments/${event.key}/tables`)).json().result as { table: number; code: string }[];
  await ok(as.owner.post(`${D}/${event.key}/start`));
  const opened = await t.app.inject({ method: 'POST', url: `/api/v1/tables/${event.key}/1/open`, payload: { code: codes[0]!.code } });
  expect(opened.statusCode, opened.body).toBe(200);
  const cookie = `bridge_table=${opened.cookies.find((c) => c.name === 'bridge_table')!.value}`;
  const phone = (method: 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/tables/${event.key}/1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { ...event, phone };
}

describe('each change reaches the listeners once it is made', () => {
  it('a deal set by hand, and a PBN file imported: the event', async () => {
    const { key } = await buildTournament(t.app, { organiser: as.owner, gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const heard = hear();
    await ok(as.owner.put(`/api/v1/tournaments/${key}/boards/1`, { deal }));
    expect(heard).toEqual([`change ${key}`]);
    await ok(as.owner.post(`/api/v1/tournaments/${key}/import`, { pbn: `[Board "2"]\n[Deal "${deal}"]\n` }));
    expect(heard).toEqual([`change ${key}`, `change ${key}`]);
  });

  it("the organiser's result posted: the event", async () => {
    const { key } = await buildSeatedEvent(t.app, { organiser: as.owner });
    const heard = hear();
    await ok(as.owner.post(`/api/v1/tournaments/${key}/results`, firstResult));
    expect(heard).toEqual([`change ${key}`]);
  });

  it('the event completed: the event', async () => {
    const { key } = await buildSeatedEvent(t.app, { organiser: as.owner, results: [firstResult] });
    const heard = hear();
    await ok(as.owner.post(`/api/v1/tournaments/${key}/complete`));
    expect(heard).toEqual([`change ${key}`]);
  });

  it('the start, the next round, the clock and a board not played: the event', async () => {
    const { key } = await buildSeatedEvent(t.app, { organiser: as.owner, gameDetails: { liveTableEvent: false } });
    const heard = hear();
    await ok(as.owner.post(`${D}/${key}/start`));
    expect(heard).toEqual([`change ${key}`]);
    await ok(as.owner.post(`${D}/${key}/clock`, { running: false }));
    expect(heard).toHaveLength(2);
    await ok(as.owner.post(`${D}/${key}/not-played`, { round: 1, table: 1, board: 1, notPlayed: true }));
    expect(heard).toHaveLength(3);
    await ok(as.owner.post(`${D}/${key}/next-round`));
    expect(heard).toEqual(Array(4).fill(`change ${key}`));
  });

  it("the director's entries: the event", async () => {
    const proposals = (await as.owner.get('/api/v1/direct/proposals?pairs=6')).json().result as { id: string; name: string }[];
    const created = await as.owner.post(D, {
      name: 'Tuesday Pairs',
      startsAt: '2026-12-01T19:30:00+00:00',
      pairs: 6,
      movement: { kind: 'proposal', id: proposals.find((p) => p.name === 'Mitchell')!.id },
      scoring: 'matchpoints',
      deals: 'random',
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().result.key as string;
    const heard = hear();
    const guests = (n: number) => [{ name: `Guest ${n}a` }, { name: `Guest ${n}b` }];
    await ok(as.owner.put(`${D}/${key}/entries`, { pairs: ['NS1', 'EW1'].map((pair, i) => ({ pair, players: guests(i) })) }));
    expect(heard).toEqual([`change ${key}`]);
  });

  it("a table's entry, its confirmation and its rejection: that table", async () => {
    const { key, phone } = await startedWithPhone();
    const heard = hear();
    const entry = (board: number) => ({
      board,
      declarer: 'N',
      contract: { level: 4, strain: 'S', doubled: 0 },
      tricks: 10,
      entryId: `entry-${board}-of-table-1`,
    });
    await ok(phone('POST', '/results', entry(1)));
    expect(heard).toEqual([`change ${key}/1`]);
    await ok(phone('POST', '/results/1/confirm'));
    expect(heard).toHaveLength(2);
    await ok(phone('POST', '/results', entry(2)));
    await ok(phone('POST', '/results/2/reject'));
    expect(heard).toEqual(Array(4).fill(`change ${key}/1`));
  });

  it('an event deleted by an admin: its deletion', async () => {
    const { key } = await buildCompletedEvent(t.app, { organiser: await buildClient(t.app) });
    const heard = hear();
    await ok(as.admin.delete(`/api/admin/v1/tournaments/complete/delete?key=${key}`));
    expect(heard).toEqual([`deleted ${key}`]);
  });

  it('an account deleted, by its owner or an admin: the events it organised deleted, those it sat in changed', async () => {
    for (const deleteIt of [
      (owner: Client) => owner.post('/api/v1/user/update', { type: 'delete', value: '', currentPassword: DEFAULT_PASSWORD }),
      (owner: Client) => as.admin.delete(`/api/admin/v1/users/delete?key=${owner.user!.id}`),
    ]) {
      const owner = await buildClient(t.app);
      const organised = await buildTournament(t.app, { organiser: owner });
      const seated = await buildSeatedEvent(t.app, { organiser: as.owner, players: [owner.user!, await buildUser(t.app)] });
      const heard = hear();
      await ok(deleteIt(owner));
      expect(heard).toEqual([`deleted ${organised.key}`, `change ${seated.key}`]);
    }
  });
});

describe('a change is told after it is committed', () => {
  it('a listener that reads the database as it is told sees the change, on another connection', async () => {
    const { id, key } = await buildSeatedEvent(t.app, { organiser: as.owner });
    // The fan-out itself waits for the read: emitted inside the transaction, the read would see the state before
    // it (PostgreSQL) or wait on the transaction that waits on it (PGlite's one connection).
    const seen: unknown[] = [];
    const emit = t.app.changes.emit;
    t.app.changes.emit = async (change) => {
      if (change.kind === 'accountDeleted' || change.key !== key) return emit(change);
      const [lines, event] = await Promise.all([
        db.selectFrom('boardResults').select('nsScore').where('tournamentId', '=', id).execute(),
        db.selectFrom('tournaments').select('status').where('id', '=', id).executeTakeFirst(),
      ]);
      seen.push({ kind: change.kind, lines, status: event?.status ?? 'deleted' });
      return emit(change);
    };
    onTestFinished(() => {
      t.app.changes.emit = emit;
    });
    await ok(as.owner.post(`/api/v1/tournaments/${key}/results`, firstResult));
    await ok(as.owner.post(`/api/v1/tournaments/${key}/complete`));
    await ok(as.admin.delete(`/api/admin/v1/tournaments/complete/delete?key=${key}`));
    expect(seen).toEqual([
      { kind: 'resultPosted', lines: [{ nsScore: 400 }], status: 'active' },
      { kind: 'eventCompleted', lines: [{ nsScore: 400 }], status: 'complete' },
      { kind: 'eventDeleted', lines: [], status: 'deleted' },
    ]);
  });
});
