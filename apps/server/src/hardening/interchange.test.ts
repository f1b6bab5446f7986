import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { boardsOfSet, mitchell, parsePbn, readPbnResults } from '@bridge/engine';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, login } from '../../test/factories.ts';

/**
 * Attack regressions for the interchange files: participant names holding control characters, markup and
 * quotes must not break the USEBIO XML or the PBN downloads. The contract refuses such names today; rows written
 * before it did (or by any other path) still reach the writers, so the test puts them straight into the database.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, await buildUser(t.app, { names: 'Olga Organiser' }));
});
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object, as: string | null = cookie) =>
  t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });

/** Parses with a conforming XML 1.0 parser: a forbidden character, even as a reference, is an error. */
function parseXml(xml: string) {
  const parser = new SaxesParser();
  const texts = new Map<string, string[]>();
  const stack: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => stack.push(tag.name));
  parser.on('text', (text) => {
    const name = stack.at(-1);
    if (name) texts.set(name, [...(texts.get(name) ?? []), text]);
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return texts;
}

// What a hostile organiser can type into a player's name: C0 controls, U+FFFF, line breaks, quotes, backslash, markup.
const hostile = [
  'Ann\u0001Baker',
  'Bob\u0008\u001b[31mCole',
  'Cat\uFFFF\uFFFEDay',
  'Dan\r\n[Event "Forged"]',
  'Eve "the" \\ Fox',
  '<b>Gil</b> & </PLAYER_NAME>',
];
const cleaned = ['AnnBaker', 'Bob[31mCole', 'CatDay', 'Dan  [Event "Forged"]', 'Eve "the" \\ Fox', '<b>Gil</b> & </PLAYER_NAME>'];

describe('control characters in participant names through the downloads', () => {
  it('keeps the USEBIO XML well-formed and every PBN tag on one line, with the names readable in both', async () => {
    const details = {
      type: 1,
      players: 12,
      rounds: 3,
      movementType: 'Mitchell',
      scoreType: 'Match Point',
      handgeneratedModeAsString: 'Random',
      liveTableEvent: false,
      kibtzersEnabled: false,
    };
    const hostileTitle = 'Pairs\u0002 <&> "night"';
    const refused = await inject('POST', '/api/v1/tournaments', {
      tables: 3,
      boardsPerRound: 1,
      gameDetails: { ...details, typeName: hostileTitle },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const created = await inject('POST', '/api/v1/tournaments', {
      tables: 3,
      boardsPerRound: 1,
      gameDetails: { ...details, typeName: 'Pairs night' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { key } = created.json().result;
    const seat = (names: string, i: number) => ({ names, table: (i >> 1) + 1, side: (i % 2) * 2, isBot: true });
    // Quotes, backslashes and markup are a name's own business; control characters are refused.
    for (const [i, names] of hostile.entries()) {
      if (!/[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/.test(names)) continue;
      const refusedSeat = await inject('POST', `/api/v1/tournaments/${key}/participants`, { participants: [seat(names, i)] });
      expect(refusedSeat.statusCode, names).toBe(400);
    }
    const seated = await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: hostile.map((_, i) => seat(`Player ${i}`, i)),
    });
    expect(seated.statusCode, seated.body).toBe(200);
    const { db } = t.database;
    const event = await db
      .updateTable('tournaments')
      .set({ typeName: hostileTitle })
      .where('key', '=', key)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, names] of hostile.entries()) {
      await db.updateTable('participants').set({ names }).where('tournamentId', '=', event.id).where('names', '=', `Player ${i}`).execute();
    }
    for (const row of mitchell(3).rows) {
      for (const board of boardsOfSet(row.set, 1)) {
        const posted = await inject('POST', `/api/v1/tournaments/${key}/results`, {
          round: row.round,
          board,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: 'N',
          contract: { level: 3, strain: 'NT', doubled: 0 },
          tricks: 7 + row.table,
        });
        expect(posted.statusCode, posted.body).toBe(200);
      }
    }
    const completed = await inject('POST', `/api/v1/tournaments/${key}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);

    const xml = await inject('GET', `/api/v1/tournaments/files/download/${completed.json().result.xmlToken}`, undefined, null);
    expect(xml.statusCode).toBe(200);
    const texts = parseXml(xml.body);
    expect(texts.get('PLAYER_NAME')!.sort()).toEqual([...cleaned].sort());
    expect(texts.get('EVENT_DESCRIPTION')).toEqual(['Pairs <&> "night"']);

    const pbn = await inject('GET', `/api/v1/tournaments/${key}/pbn`, undefined, null);
    expect(pbn.statusCode).toBe(200);
    const tagLines = pbn.body.split('\n').filter((line) => line.startsWith('['));
    // Every tag is one line, its value a PBN string: printing characters, with only \" and \\ escaped.
    for (const line of tagLines) expect(line).toMatch(/^\[[A-Za-z]+ "(?:[^"\\\x00-\x1F\x7F\uFFFE\uFFFF]|\\["\\])*"\]$/);
    const games = parsePbn(pbn.body);
    expect(games).toHaveLength(9);
    expect(games.every((game) => game.get('Event')?.value === 'Pairs <&> "night"')).toBe(true);
    const names = new Set(readPbnResults(pbn.body).flatMap((r) => Object.values(r.players)));
    for (const name of cleaned) expect(names).toContain(name);
  });
});
