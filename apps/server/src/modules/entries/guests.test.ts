import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mitchell } from '@bridge/engine';
import type { EventResults } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildTournament } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(async () => t.close());

describe('a guest: a player seated by name alone, without an account', () => {
  it('is seated without an email and shown on the results by name', async () => {
    const { key, organiser } = await buildTournament(t.app, { boardsPerRound: 1 });
    const member = await buildClient(t.app, { names: 'Mia Member' });
    const seated = await organiser.post(`/api/v1/tournaments/${key}/participants`, {
      participants: [
        { email: member.user!.email, table: 1, side: 0 },
        { names: 'Gus Guest', table: 1, side: 2 },
      ],
    });
    expect(seated.statusCode, seated.body).toBe(200);
    expect(seated.json()).toEqual({ result: { added: 2 } });

    const rows = await t.database.db.selectFrom('participants').select(['names', 'email', 'userId']).orderBy('side').execute();
    expect(rows).toEqual([
      { names: 'Mia Member', email: member.user!.email, userId: member.user!.id },
      { names: 'Gus Guest', email: null, userId: null },
    ]);

    const row = mitchell(3, 'skip').rows.find((r) => r.round === 1 && r.table === 1)!;
    const posted = await organiser.post(`/api/v1/tournaments/${key}/results`, {
      round: 1,
      board: row.set,
      table: 1,
      nsPair: row.ns,
      ewPair: row.ew,
      declarer: 'N',
      contract: { level: 3, strain: 'NT', doubled: 0 },
      tricks: 9,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const results = (await organiser.get(`/api/v1/tournaments/${key}/results`)).json<{ result: EventResults }>();
    expect(results.result.pairs.find((p) => p.key === `NS${row.ns}`)?.names).toEqual(['Mia Member', 'Gus Guest']);
  });

  it('needs a name: a seat with neither email nor name is refused and nothing is seated', async () => {
    const { key, organiser } = await buildTournament(t.app);
    const refused = await organiser.post(`/api/v1/tournaments/${key}/participants`, {
      participants: [
        { names: 'Gus Guest', table: 1, side: 0 },
        { table: 1, side: 2 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('A player needs an account email or a name');
    const { count } = await t.database.db
      .selectFrom('participants')
      .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
      .where('tournaments.key', '=', key)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});
