import {
  boardsOfSet,
  dealerOf,
  matchpointBoard,
  mitchell,
  nsScore,
  parseDeal,
  scoreEvent,
  topOf,
  vulnerabilityOf,
  type Contract,
  type Seat,
  type Strain,
  type TravellerLine,
} from '@bridge/engine';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrganiserPoster, PlayerPoster } from './app-posters';
import {
  boardTraveller,
  cardsLeft,
  clubNight,
  dealtCards,
  organiserScreen,
  pairNames,
  playerTable,
  seatOrder,
  seatsOfTrick,
  type CardCode,
  type SeatLetter,
} from './poster-data';

// Every card, call and figure of the marketing pictures must be one a bridge player could meet.

const rankOrder = 'AKQJT98765432';
const suitOf = (card: string) => card[0]!;
const rankIndex = (card: string) => rankOrder.indexOf(card.slice(1));
const sideOf = (seat: SeatLetter) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
const next = (seat: SeatLetter, steps = 1) => seatOrder[(seatOrder.indexOf(seat) + steps) % 4]!;
const bidRank = (call: string) => {
  const match = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  return match ? (Number(match[1]) - 1) * 5 + ['C', 'D', 'H', 'S', 'NT'].indexOf(match[2]!) : -1;
};

/** The final contract of a legal auction (Law 18-19), or a throw saying which call is out of turn or insufficient. */
function contractOfAuction(auction: readonly string[], dealer: SeatLetter) {
  let last: { call: string; seat: SeatLetter } | null = null;
  let doubled = 0;
  let passes = 0;
  const firstToName = new Map<string, SeatLetter>();
  auction.forEach((call, index) => {
    const seat = next(dealer, index);
    const ended = last ? passes >= 3 : passes >= 4;
    if (ended) throw new Error(`Call ${index + 1} (${call}) comes after the auction ended`);
    if (call === 'Pass') passes++;
    else if (call === 'X') {
      if (!last || sideOf(last.seat) === sideOf(seat) || doubled !== 0) throw new Error(`${seat} cannot double at call ${index + 1}`);
      doubled = 1;
      passes = 0;
    } else if (call === 'XX') {
      if (!last || sideOf(last.seat) !== sideOf(seat) || doubled !== 1) throw new Error(`${seat} cannot redouble at call ${index + 1}`);
      doubled = 2;
      passes = 0;
    } else {
      if (bidRank(call) < 0) throw new Error(`${call} is not a call`);
      if (last && bidRank(call) <= bidRank(last.call)) throw new Error(`${call} is insufficient over ${last.call}`);
      const strain = call.slice(1);
      const key = `${sideOf(seat)}${strain}`;
      if (!firstToName.has(key)) firstToName.set(key, seat);
      last = { call, seat };
      doubled = 0;
      passes = 0;
    }
  });
  const finalBid = last as { call: string; seat: SeatLetter } | null;
  if (!finalBid) throw new Error('The auction was passed out');
  if (passes < 3) throw new Error('The auction has not ended: three passes must follow the last bid');
  const strain = finalBid.call.slice(1);
  return {
    level: Number(finalBid.call[0]),
    strain,
    doubled,
    declarer: firstToName.get(`${sideOf(finalBid.seat)}${strain}`)!,
  };
}

/** The seat whose card wins a trick: the highest trump, else the highest card of the suit led. */
function winnerOfTrick(leader: SeatLetter, cards: readonly string[], trumps: string) {
  const seats = seatsOfTrick(leader);
  const ruffs = cards.filter((card) => suitOf(card) === trumps);
  const contenders = ruffs.length > 0 ? ruffs : cards.filter((card) => suitOf(card) === suitOf(cards[0]!));
  const best = contenders.reduce((a, b) => (rankIndex(b) < rankIndex(a) ? b : a));
  return seats[cards.indexOf(best)]!;
}

const dealtHands = () => Object.fromEntries(seatOrder.map((seat) => [seat, dealtCards(seat)])) as Record<SeatLetter, CardCode[]>;

describe('the Player app picture', () => {
  it('deals 52 distinct cards, 13 to each hand, as the engine reads the deal', () => {
    const deal = parseDeal(playerTable.deal);
    for (const seat of seatOrder) expect(Object.values(deal[seat]!).join('').length).toBe(13);
    expect(new Set(seatOrder.flatMap((seat) => dealtCards(seat))).size).toBe(52);
  });

  it('gives the board its dealer and vulnerability by its number', () => {
    expect(playerTable.dealer).toBe(dealerOf(playerTable.board));
    expect(playerTable.vulnerability).toBe(vulnerabilityOf(playerTable.board));
  });

  it('shows a legal auction whose contract and declarer are the ones shown', () => {
    const { level, strain, doubled, declarer } = contractOfAuction(playerTable.auction, playerTable.dealer);
    expect({ level, strain, doubled, declarer }).toEqual(playerTable.contract);
  });

  it('plays each card from the hand that holds it, follows suit, and leads each trick from the last winner', () => {
    const hands = dealtHands();
    const { declarer, strain } = playerTable.contract;
    let leader = next(declarer);
    const won = { NS: 0, EW: 0 };
    let winner: SeatLetter = leader;
    for (const [index, trick] of playerTable.tricks.entries()) {
      expect(trick.leader, `leader of trick ${index + 1}`).toBe(leader);
      trick.cards.forEach((card, i) => {
        const seat = seatsOfTrick(trick.leader)[i]!;
        expect(hands[seat], `${seat} plays ${card} at trick ${index + 1}`).toContain(card);
        const led = suitOf(trick.cards[0]!);
        if (hands[seat].some((held) => suitOf(held) === led)) expect(suitOf(card), `${seat} follows suit at trick ${index + 1}`).toBe(led);
        hands[seat] = hands[seat].filter((held) => held !== card);
      });
      winner = winnerOfTrick(trick.leader, trick.cards, strain);
      won[sideOf(winner)]++;
      leader = winner;
    }
    expect(playerTable.winnerOfTrickOnTable).toBe(winner);
    expect(playerTable.tricksWon).toEqual(won);
  });

  it('draws every card once: on the table, in South hand and in dummy, none played and still held', () => {
    const { container } = render(<PlayerPoster />);
    const drawn = [...container.querySelectorAll('[data-card]')].map((card) => ({
      card: card.getAttribute('data-card')!,
      place: card.getAttribute('data-place')!,
    }));
    expect(new Set(drawn.map((d) => d.card)).size, 'a card drawn twice').toBe(drawn.length);
    const inPlace = (place: string) => drawn.filter((d) => d.place === place).map((d) => d.card);
    const trick = playerTable.tricks.at(-1)!;
    seatsOfTrick(trick.leader).forEach((seat, i) => expect(inPlace(`trick-${seat}`)).toEqual([trick.cards[i]]));
    const played = (seat: SeatLetter) => playerTable.tricks.filter((t) => seatsOfTrick(t.leader).includes(seat)).length;
    expect(inPlace('hand-S')).toHaveLength(13 - played('S'));
    expect(inPlace('hand-S')).toEqual(cardsLeft('S'));
    const dummy = next(playerTable.contract.declarer, 2);
    expect(inPlace(`hand-${dummy}`)).toEqual(cardsLeft(dummy));
    for (const { card, place } of drawn.filter((d) => d.place.startsWith('hand-')))
      expect(dealtCards(place.slice(5) as SeatLetter), `${card} in ${place}`).toContain(card);
  });
});

describe("the results page's traveller on the home page", () => {
  const movement = mitchell(clubNight.tables);
  const set = Math.ceil(boardTraveller.board / clubNight.boardsPerRound);

  it('lists the pairs the movement brings to the board, once each', () => {
    const meetings = movement.rows.filter((row) => boardsOfSet(row.set, clubNight.boardsPerRound).includes(boardTraveller.board));
    expect(boardTraveller.rows.map((row) => `${row.ns}-${row.ew}`).sort()).toEqual(meetings.map((row) => `${row.ns}-${row.ew}`).sort());
    expect(set).toBe(meetings[0]!.set);
  });

  it('scores each line by Law 77 and matchpoints the board with the engine', () => {
    for (const row of boardTraveller.rows)
      expect(nsScore(row.contract as Contract, row.declarer as Seat, row.tricks, vulnerabilityOf(boardTraveller.board))).toBe(row.nsScore);
    const points = matchpointBoard(boardTraveller.rows.map((row) => ({ kind: 'score', nsScore: row.nsScore })));
    expect(boardTraveller.rows.map((row) => row.matchpoints)).toEqual(points);
    expect(boardTraveller.top).toBe(topOf(boardTraveller.rows.length));
  });

  it("has the Player app table's result at its table and the board's dealer and vulnerability", () => {
    const table = boardTraveller.rows.find((row) => row.ns === 1 && row.ew === 1)!;
    expect({ ...table.contract, declarer: table.declarer }).toEqual(playerTable.contract);
    expect(table.tricks).toBeGreaterThanOrEqual(playerTable.tricksWon.NS);
    expect(13 - table.tricks).toBeGreaterThanOrEqual(playerTable.tricksWon.EW);
  });
});

// The Organizer picture's live ranking comes from a whole club night's results: board 3 as its traveller says,
// every other board from a small table of likely contracts, tricks drawn by a fixed seed.
const likelyContracts: { level: Contract['level']; strain: Strain; side: 'NS' | 'EW' }[] = [
  { level: 4, strain: 'S', side: 'NS' },
  { level: 3, strain: 'NT', side: 'EW' },
  { level: 2, strain: 'H', side: 'NS' },
  { level: 1, strain: 'NT', side: 'EW' },
  { level: 4, strain: 'H', side: 'EW' },
  { level: 3, strain: 'D', side: 'NS' },
  { level: 6, strain: 'NT', side: 'NS' },
  { level: 2, strain: 'S', side: 'EW' },
];

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function likelyScore(board: number, ns: number, ew: number): number {
  if (board === boardTraveller.board) return boardTraveller.rows.find((row) => row.ns === ns && row.ew === ew)!.nsScore;
  const random = seeded(board * 1000 + ns * 10 + ew);
  const usual = likelyContracts[board % likelyContracts.length]!;
  const declarer: Seat = usual.side === 'NS' ? (board % 2 ? 'N' : 'S') : board % 2 ? 'E' : 'W';
  const stopsLow = random() < 0.25;
  const level = (stopsLow ? (usual.level === 6 ? 3 : Math.max(usual.level - 1, 1)) : usual.level) as Contract['level'];
  const tricks = 6 + usual.level + [-1, 0, 0, 0, 1][Math.floor(random() * 5)]!;
  return nsScore({ level, strain: usual.strain, doubled: 0 }, declarer, tricks, vulnerabilityOf(board));
}

describe('the Organizer app picture', () => {
  const movement = mitchell(clubNight.tables);

  it('shows a round the Mitchell of that many tables has', () => {
    const { container } = render(<OrganiserPoster />);
    const text = container.textContent ?? '';
    const [, tables] = /(\d+) tables/.exec(text)!;
    const [, round, rounds] = /Round (\d+) of (\d+)/.exec(text)!;
    const shown = mitchell(Number(tables));
    expect(Number(rounds)).toBe(shown.rounds);
    expect(Number(round)).toBeLessThanOrEqual(shown.rounds);
    expect(clubNight.rounds).toBe(movement.rounds);
  });

  it('ranks North-South and East-West apart, as a Mitchell does', () => {
    const { container } = render(<OrganiserPoster />);
    const text = container.textContent ?? '';
    expect(movement.winners).toBe(2);
    expect(text).toMatch(/North-South/i);
    expect(text).toMatch(/East-West/i);
  });

  it("shows each field's leaders as the engine ranks the results of the rounds played so far", () => {
    const lines: TravellerLine[] = movement.rows
      .filter(
        (row) => row.round < organiserScreen.round || (row.round === organiserScreen.round && !organiserScreen.tablesPlaying.includes(row.table)),
      )
      .flatMap((row) =>
        boardsOfSet(row.set, clubNight.boardsPerRound).map((board) => ({
          board,
          nsPair: row.ns,
          ewPair: row.ew,
          result: { kind: 'score' as const, nsScore: likelyScore(board, row.ns, row.ew) },
        })),
      );
    const { pairs } = scoreEvent(lines, { method: 'matchpoints', winners: 2 });
    for (const field of ['NS', 'EW'] as const) {
      const leaders = pairs
        .filter((pair) => pair.direction === field)
        .slice(0, organiserScreen.rankings[field].length)
        .map((pair) => ({ place: pair.label, pair: pair.pair, percentage: pair.percentage!.toFixed(1) }));
      expect(organiserScreen.rankings[field]).toEqual(leaders);
      for (const row of organiserScreen.rankings[field]) expect(pairNames[field][row.pair]).toBeTruthy();
    }
  });
});
