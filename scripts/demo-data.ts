// What `npm run demo` (demo.ts) puts on the platform, apart from the deals and scores it plays: the accounts,
// the events and the names of the bots that fill the other seats. Kept apart from demo.ts so that the repo
// tests can check it without a server.
import { EventType } from '@bridge/api';

export interface DemoAccount {
  email: string;
  names: string;
  /** Shown in the participant lists; an account without one shows '-', as a real club has a few. */
  contact: string | null;
}

/** Registered accounts, by role; each has a name of its own, and most a contact. */
export const demoOrganisers: DemoAccount[] = [
  { email: 'demo.director@example.org', names: 'Anjali Rao', contact: '+91 98450 12345' },
  { email: 'demo.clubsecretary@example.org', names: 'Vikram Mehta', contact: '+91 99001 23456' },
];
export const demoPlayers: DemoAccount[] = [
  { email: 'demo.player1@example.org', names: 'Meera Iyer', contact: '+91 98201 34567' },
  { email: 'demo.player2@example.org', names: 'Kabir Singh', contact: null },
  { email: 'demo.player3@example.org', names: 'Lakshmi Nair', contact: '+91 94430 45678' },
];

export interface EventSpec {
  /** Index into the organisers that run it. */
  organiser: number;
  name: string;
  tables: number;
  rounds: number;
  boardsPerRound: number;
  movementType: 'Mitchell' | 'Howell';
  scoreType: 'Match Point' | 'IMP';
  impMethod?: 'Cross' | 'Butler';
  type?: EventType;
  complete: boolean;
}

/**
 * The badges the screens put beside an event's name by its state (the tournaments page's 'In play', the
 * results page's 'Live results'): a name must not say them again.
 */
export const eventStatusBadges = ['In play', 'Live results'];

export const demoEvents: EventSpec[] = [
  {
    organiser: 0,
    name: 'Monday Club Pairs',
    tables: 5,
    rounds: 5,
    boardsPerRound: 3,
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    complete: true,
  },
  {
    organiser: 1,
    name: 'Wednesday Howell',
    tables: 4,
    rounds: 7,
    boardsPerRound: 3,
    movementType: 'Howell',
    scoreType: 'Match Point',
    complete: true,
  },
  {
    organiser: 0,
    name: 'IMP Pairs Championship',
    tables: 6,
    rounds: 5,
    boardsPerRound: 3,
    movementType: 'Mitchell',
    scoreType: 'IMP',
    complete: true,
  },
  {
    organiser: 1,
    name: 'Butler Pairs Night',
    tables: 3,
    rounds: 5,
    boardsPerRound: 2,
    movementType: 'Howell',
    scoreType: 'IMP',
    impMethod: 'Butler',
    complete: true,
  },
  // Left half played: the screens show it as in play.
  {
    organiser: 0,
    name: 'Friday Evening Pairs',
    tables: 4,
    rounds: 3,
    boardsPerRound: 3,
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    complete: false,
  },
  // All six rounds of the 4-pair Howell: each set is played at both tables (rounds 1-3, again in 4-6), so every
  // board has two results to compare (cut to 3 rounds, each board would be played once and every pair tie at 0%).
  {
    organiser: 1,
    name: 'Solitaire Challenge',
    tables: 2,
    rounds: 6,
    boardsPerRound: 2,
    movementType: 'Howell',
    scoreType: 'Match Point',
    type: EventType.solitaire,
    complete: true,
  },
];

const firstNames = [
  'Anjali',
  'Rohan',
  'Meera',
  'Vikram',
  'Sara',
  'Arjun',
  'Lakshmi',
  'Dev',
  'Nisha',
  'Kabir',
  'Priya',
  'Farhan',
  'Isha',
  'Tom',
  'Grace',
  'Omar',
];
const lastNames = ['Rao', 'Mehta', 'Iyer', 'Singh', 'Das', 'Kapoor', 'Nair', 'Bose', 'Khan', 'Pillai', 'Shah', 'Menon'];

/** Every first and last name together, but the accounts' own names. */
const botNamePool = firstNames
  .flatMap((first) => lastNames.map((last) => `${first} ${last}`))
  .filter((name) => ![...demoOrganisers, ...demoPlayers].some((account) => account.names === name));

type Seat = { email: string; table: number; side: number } | { names: string; table: number; side: number; isBot: true };

/**
 * An event's seats: the players' accounts first, then bots. No name is seated twice in one event: the bots' names
 * are drawn without repeats from the pool (shuffled by `byte`, a source of random bytes).
 */
export function seatEvent(tables: number, playerEmails: string[], byte: () => number): Seat[] {
  const names = [...botNamePool];
  for (let i = names.length - 1; i > 0; i--) {
    const j = ((byte() << 8) | byte()) % (i + 1);
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const emails = [...playerEmails];
  const seats: Seat[] = [];
  for (let table = 1; table <= tables; table++) {
    for (let side = 0; side < 4; side++) {
      const email = emails.shift();
      seats.push(email ? { email, table, side } : { names: names.pop()!, table, side, isBot: true });
    }
  }
  return seats;
}
