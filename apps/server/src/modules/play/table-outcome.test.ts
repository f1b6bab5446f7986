import { describe, expect, it } from 'vitest';
import { parseCall, parseCard } from '@bridge/engine';
import { buildTestApp, testConfig } from '../../../test/build-test-app.ts';
import { onlineEvent } from '../../../test/play.ts';
import { findEvent } from '../events/service.ts';
import { unheardChanges } from '../../lib/event-changes.ts';
import { LiveTable } from './live-table.ts';

// A table's change answers what its caller relays (decision 061): the frames in order, and whether a robot may act.
// Its robots never act here: the table is opened on its own, outside the server's host, with every seat a person's.
const t = await buildTestApp({ play: { ...testConfig().play, robotDelayMs: 3_600_000 } });

async function tableAlone(key: string) {
  const tournament = (await findEvent(t.database.db, key))!;
  return LiveTable.open(t.database.db, tournament, 1, { changes: unheardChanges });
}

describe("a table's outcome", () => {
  it('tells nothing of a refused action, and the table after an action taken, with the play moved on', async () => {
    const event = await onlineEvent(t);
    const table = await tableAlone(event.key);
    try {
      const dealer = table.state!.dealer;
      const refused = await table.act(dealer, { type: 'play', card: parseCard('SA')! });
      expect(refused.refusal).toEqual(expect.any(String));
      expect(refused).toMatchObject({ told: [], moved: false });

      const taken = await table.act(dealer, { type: 'call', call: parseCall('Pass')!, alert: false });
      expect(taken).toMatchObject({ refusal: null, moved: true });
      expect(taken.told.map((snapshot) => snapshot.state!.auction.length)).toEqual([1]);
      expect('failure' in taken).toBe(false);
    } finally {
      table.close();
    }
  });

  it('tells a change of who is away alone as a frame that moves no robot', async () => {
    const event = await onlineEvent(t);
    const table = await tableAlone(event.key);
    try {
      const north = event.players.N!.id;
      // Heard from an instance for the first time: it hears the table as its owner holds it.
      const first = await table.reportPresence('an instance', 1, { [north]: 1 });
      expect(first).toMatchObject({ refusal: null, moved: false });
      expect(first.told.map((snapshot) => snapshot.players.N.away)).toEqual([null]);
      // The same again changes nothing: nothing to tell.
      expect(await table.reportPresence('an instance', 2, { [north]: 1 })).toMatchObject({ told: [], moved: false });
      // North's last socket goes: North is away, told once.
      const gone = await table.reportPresence('an instance', 3, {});
      expect(gone.moved).toBe(false);
      expect(gone.told.map((snapshot) => typeof snapshot.players.N.away)).toEqual(['string']);
    } finally {
      table.close();
    }
  });
});
