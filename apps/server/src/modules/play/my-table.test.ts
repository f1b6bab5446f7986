import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { onlineEvent } from '../../../test/play.ts';

describe("a player's table now (GET /api/v1/play/:key/table)", () => {
  it('names the table the movement gives the caller and its video room, as video names them, and nowhere for anyone else', async () => {
    const t = await buildTestApp();
    const event = await onlineEvent(t, { kibitzers: true });
    const ask = async (cookie: string | undefined, key = event.key) =>
      t.app.inject({ method: 'GET', url: `/api/v1/play/${key}/table`, headers: cookie ? { cookie } : {} });
    const videoTable = async (cookie: string) =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/video/tables', headers: { cookie } })).json().result.tables as { key: string }[]).find(
        (table) => table.key === event.key,
      );

    const north = await ask(event.players.N!.cookie);
    expect(north.statusCode).toBe(200);
    expect(north.json()).toEqual({ result: { table: 1, channel: `${event.key}table0` } });
    expect(await videoTable(event.players.N!.cookie)).toMatchObject(north.json().result);
    expect((await ask(event.elsewhere.cookie)).json().result).toEqual({ table: 2, channel: `${event.key}table1` });
    expect(await videoTable(event.elsewhere.cookie)).toMatchObject({ table: 2, channel: `${event.key}table1` });

    for (const who of [event.kibitzer, event.outsider, event.organiser])
      expect((await ask(who.cookie)).json().result).toEqual({ table: null, channel: null });
    expect((await ask(undefined)).statusCode).toBe(401);
    expect((await ask(event.players.N!.cookie, 'nosuchevent')).statusCode).toBe(404);
  });

  it('answers the seat of an event its director has not started yet, where the table then says it is not open', async () => {
    const t = await buildTestApp();
    const event = await onlineEvent(t, { start: false });
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/play/${event.key}/table`, headers: { cookie: event.players.S!.cookie } });
    expect(answer.json().result).toEqual({ table: 1, channel: `${event.key}table0` });
  });
});
