import { seededRandom } from '@bridge/engine';
import { describe, expect, it } from 'vitest';
import { demoEvents, demoOrganisers, demoPlayers, eventStatusBadges, seatEvent } from './demo-data.ts';

const accounts = [...demoOrganisers, ...demoPlayers];

/** The demo's source of random bytes, seeded. */
function bytes(seed: number) {
  const random = seededRandom(seed);
  return () => {
    const b = new Uint8Array(1);
    random(b);
    return b[0]!;
  };
}

describe('the demo data', () => {
  it('gives every account a name and an address of its own', () => {
    expect(new Set(accounts.map((a) => a.names)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(accounts.length);
  });

  it('gives a few accounts an Indian contact number, not all of them and not none', () => {
    const contacts = accounts.flatMap((a) => (a.contact ? [a.contact] : []));
    expect(contacts.length).toBeGreaterThanOrEqual(2);
    expect(contacts.length).toBeLessThan(accounts.length);
    for (const contact of contacts) expect(contact).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
    expect(new Set(contacts).size).toBe(contacts.length);
  });

  it('never seats one name twice in an event, bots or accounts, whatever the seed', () => {
    const names = new Map(accounts.map((a) => [a.email, a.names]));
    for (let seed = 1; seed <= 50; seed++) {
      const byte = bytes(seed);
      for (const spec of demoEvents) {
        const seats = seatEvent(
          spec.tables,
          demoPlayers.map((p) => p.email),
          byte,
        );
        expect(seats).toHaveLength(spec.tables * 4);
        const seated = seats.map((seat) => ('email' in seat ? names.get(seat.email)! : seat.names));
        expect(new Set(seated).size, `${spec.name}, seed ${seed}: ${seated.join(', ')}`).toBe(seated.length);
      }
    }
  });

  it('names each event once, without the status badge the screens show beside it', () => {
    expect(new Set(demoEvents.map((e) => e.name)).size).toBe(demoEvents.length);
    for (const { name } of demoEvents) {
      for (const badge of eventStatusBadges) expect(name.toLowerCase()).not.toContain(badge.toLowerCase());
      expect(name.toLowerCase()).not.toMatch(/\b(in play|live|active|completed?)\b/);
    }
    expect(demoEvents.some((e) => !e.complete)).toBe(true);
  });
});
