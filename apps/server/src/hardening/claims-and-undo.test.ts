import { describe, expect, it } from 'vitest';
import { OPENING_LEAD_STANDS, type Seat } from '@bridge/engine';
import type { LiveView, PlayTableState } from '@bridge/api';
import { legalCard, onlineEvent, PlayClient, sharedPlayServer } from '../../test/play.ts';

// Claims and undo requests at an online table: a rejected claim that would leave the table waiting for nobody, a
// claimer's hand shown to the wrong eyes, an opening lead taken back after dummy was faced, and robots granting an
// undo after a hidden hand was shown.

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
// One server for the file; each test plays an event of its own in it.
const shared = sharedPlayServer();

/** Four people at table 1 with 1NT - 3NT by North bid and East's opening lead made; South is dummy. */
async function inPlay() {
  const { t, wsUrl } = shared();
  const event = await onlineEvent(t);
  const sockets = {} as Record<Seat, PlayClient>;
  for (const seat of SEATS) {
    sockets[seat] = await PlayClient.open(wsUrl, event.players[seat]!.cookie);
    await sockets[seat].sit(event.key);
  }
  const settle = (done: (state: PlayTableState) => boolean) => Promise.all(SEATS.map((seat) => sockets[seat].until(done)));
  const calls = [
    ['N', '1NT'],
    ['E', 'Pass'],
    ['S', '3NT'],
    ['W', 'Pass'],
    ['N', 'Pass'],
    ['E', 'Pass'],
  ] as const;
  for (const [index, [seat, call]] of calls.entries()) {
    sockets[seat].send({ type: 'call', call });
    await settle((s) => s.auction.length === index + 1);
  }
  sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
  await settle((s) => s.trick.length === 1);
  const liveView = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/direct/events/${event.key}`, headers: { cookie: event.organiser.cookie } })).json<{
      result: LiveView;
    }>().result;
  return { t, wsUrl, event, sockets, settle, liveView };
}

describe('the opening lead once dummy is faced', () => {
  it('cannot be taken back: the request is refused and nothing waits for an answer', async () => {
    const { sockets, settle } = await inPlay();
    const lead = sockets.E.latest()!.trick[0]!;
    sockets.E.send({ type: 'undo' });
    expect((await sockets.E.nextOf('error')).message).toBe(OPENING_LEAD_STANDS);
    // The table goes on from the lead: declarer plays dummy's card, and every seat saw no request.
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    const [after] = await settle((s) => s.trick.length === 2);
    expect(after!.trick[0]).toEqual(lead);
    for (const seat of SEATS) expect(sockets[seat].frames.some((f) => f.type === 'table' && f.state.undo !== null)).toBe(false);
  });
});

describe('robots answering an undo request', () => {
  it('grant taking back a card after which no hidden card was shown', async () => {
    const { wsUrl, event, sockets, settle } = await inPlay();
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    await settle((s) => s.trick.length === 2);
    sockets.N.send({ type: 'undo' });
    await settle((s) => s.undo !== null);
    // East and West leave their seats to robots, who answer the request.
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    director.send({ type: 'robot', seat: 'E', robot: true });
    const back = await sockets.N.until((s) => s.undo === null);
    expect(back.trick.length).toBe(1);
  });

  it("refuse a card after which the claimer's hand was faced to the table", async () => {
    const { wsUrl, event, sockets, settle } = await inPlay();
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    const [played] = await settle((s) => s.trick.length === 2);
    sockets.N.send({ type: 'claim', tricks: 13 });
    await settle((s) => s.claim !== null);
    sockets.E.send({ type: 'claimResponse', accept: false });
    await settle((s) => s.disputed !== null);
    // North saw the defenders study its hand and now wants dummy's card back: the robots say no.
    sockets.N.send({ type: 'undo' });
    await settle((s) => s.undo !== null);
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    director.send({ type: 'robot', seat: 'E', robot: true });
    const answered = await sockets.N.until((s) => s.undo === null);
    expect(answered.trick.slice(0, 2)).toEqual(played!.trick);
  });
});

describe('a rejected claim', () => {
  it('never freezes the table: play goes on, a player may still call the director, and the live view flags it', async () => {
    const { sockets, settle, liveView } = await inPlay();
    sockets.N.send({ type: 'claim', tricks: 13, statement: 'all mine' });
    await settle((s) => s.claim !== null);
    sockets.W.send({ type: 'claimResponse', accept: false });
    const [withdrawn] = await settle((s) => s.disputed !== null);
    expect(withdrawn).toMatchObject({ claim: null, turn: 'S' });
    sockets.E.send({ type: 'callDirector' });
    await settle((s) => s.directorCall !== null);
    const view = await liveView();
    expect(view.directorCalls).toMatchObject([{ table: 1, seat: 'E' }]);
    expect(view.disputedClaims).toMatchObject([{ table: 1, seat: 'N', tricks: 13, rejectedBy: 'W' }]);
    // Nobody waits for the director: declarer plays on.
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    await settle((s) => s.trick.length === 2);
  });

  it('is ruled on by the director alone, within the tricks there were at the claim, and a bad ruling changes nothing', async () => {
    const { wsUrl, event, sockets, settle, liveView } = await inPlay();
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    director.send({ type: 'ruling', tricks: 3 });
    expect((await director.nextOf('error')).message).toBe('The director rules only on a disputed claim');
    sockets.N.send({ type: 'claim', tricks: 9 });
    await settle((s) => s.claim !== null);
    sockets.E.send({ type: 'claimResponse', accept: false });
    await settle((s) => s.disputed !== null);
    for (const seat of SEATS) {
      sockets[seat].send({ type: 'ruling', tricks: 9 });
      expect((await sockets[seat].nextOf('error')).message).toBe('Only the director rules on a claim');
    }
    director.send({ type: 'ruling', tricks: 13.5 });
    expect((await director.nextOf('error')).type).toBe('error');
    const before = sockets.N.frames.length;
    director.send({ type: 'directorHere' });
    // Answering the table clears the flag too; the dispute stays on the board for a ruling.
    await sockets.N.frameAt(before);
    expect((await liveView()).disputedClaims).toEqual([]);
    director.send({ type: 'ruling', tricks: 9 });
    expect((await sockets.N.until((s) => s.result !== null)).result!.tricks).toBe(9);
  });
});

describe("the claimer's hand", () => {
  it('is faced to the other seats only while the claim is open, and never to a kibitzer', async () => {
    const { event, wsUrl, sockets, settle } = await inPlay();
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await kibitzer.sit(event.key);
    const north = sockets.N.latest()!.hands.N!;
    sockets.N.send({ type: 'claim', tricks: 9 });
    await settle((s) => s.claim !== null);
    for (const seat of ['E', 'S', 'W'] as const) expect(sockets[seat].latest()!.hands.N).toEqual(north);
    const watched = await kibitzer.until((s) => s.claim !== null);
    expect(Object.keys(watched.hands)).toEqual(['S']);
    expect(JSON.stringify(watched)).not.toContain(`"${north.find((card) => !watched.trick.some((t) => t.card === card))}"`);
    sockets.W.send({ type: 'claimResponse', accept: false });
    await settle((s) => s.disputed !== null);
    for (const seat of ['E', 'W'] as const) expect(sockets[seat].latest()!.hands.N).toBeUndefined();
  });
});
