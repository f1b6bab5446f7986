/**
 * Movements: who plays whom, at which table, on which board set, each round. Rows are
 * `(round, table, ns, ew, set)`; set s holds boards (s-1)*k+1 .. s*k for k boards a round.
 * Mitchell numbers North-South pairs 1..T and East-West pairs 1..T separately; Howell numbers pairs 1..P.
 */
import { publishedHowellTables } from './howell-tables.ts';

export interface MovementRow {
  round: number;
  table: number;
  ns: number;
  ew: number;
  set: number;
}

export interface Movement {
  kind: 'mitchell' | 'howell';
  tables: number;
  rounds: number;
  /** Number of board sets in play. */
  sets: number;
  /**
   * Mitchell: NS and EW ranked apart (2), pairs numbered 1..T on each side; an arrow-switch Mitchell ranks all
   * pairs together (1) and numbers them 1..2T (stationary pair t is t, moving pair e is T+e). Howell: one (1).
   */
  winners: 1 | 2;
  rows: MovementRow[];
  /** Sets played at more than one table in a round: Mitchell's shared table, or Howell with duplicated boards. */
  sharedSets: boolean;
  /**
   * An odd number of pairs: the pair number that stands for "sits out". In a two-winner Mitchell it is an EW
   * number (the moving pair T's place), since NS and EW numbers overlap.
   */
  phantomPair?: number;
  /** Howell: how often each pair meets each other (2 in the 4-pair table of 6 rounds); default 1. */
  meetings?: number;
  /** Howell stopped before its end (three-quarter Howell): pairs meet at most `meetings` times, not all. */
  complete?: boolean;
  description: string;
}

const mod = (a: number, m: number) => ((a % m) + m) % m;

export type EvenMitchellMethod = 'skip' | 'share-and-relay';

/**
 * Mitchell for T tables: NS pair t stays at table t; EW pairs move up one table, boards down one.
 * Even T needs a skip (EW skip one table before round T/2+1; T-1 rounds) or a share-and-relay (tables 1 and
 * T share a set, a relay stand between tables T/2 and T/2+1 holds one; T rounds).
 */
export function mitchell(tables: number, evenMethod: EvenMitchellMethod = 'skip'): Movement {
  if (!Number.isInteger(tables) || tables < 2) throw new RangeError(`A Mitchell needs at least 2 tables, got ${tables}`);
  const rows: MovementRow[] = [];
  if (tables % 2 === 1) {
    for (let r = 1; r <= tables; r++)
      for (let t = 1; t <= tables; t++)
        rows.push({ round: r, table: t, ns: t, ew: mod(t - 1 - (r - 1), tables) + 1, set: mod(t - 1 + (r - 1), tables) + 1 });
    return { kind: 'mitchell', tables, rounds: tables, sets: tables, winners: 2, rows, sharedSets: false, description: `Mitchell, ${tables} tables` };
  }
  if (evenMethod === 'skip') {
    const rounds = tables - 1;
    for (let r = 1; r <= rounds; r++) {
      const shift = r <= tables / 2 ? r - 1 : r; // the skip: one extra table from round T/2+1
      for (let t = 1; t <= tables; t++)
        rows.push({ round: r, table: t, ns: t, ew: mod(t - 1 - shift, tables) + 1, set: mod(t - 1 + (r - 1), tables) + 1 });
    }
    return {
      kind: 'mitchell',
      tables,
      rounds,
      sets: tables,
      winners: 2,
      rows,
      sharedSets: false,
      description: `Mitchell, ${tables} tables, with a skip`,
    };
  }
  // Share-and-relay: boards travel the cycle T(=1), T-1, ..., T/2+1, relay, T/2, ..., 2, one step a round.
  const cycle: (number | 'relay')[] = [];
  for (let t = tables; t > tables / 2; t--) cycle.push(t);
  cycle.push('relay');
  for (let t = tables / 2; t >= 2; t--) cycle.push(t);
  const positionOf = (table: number) => cycle.indexOf(table === 1 ? tables : table);
  for (let r = 1; r <= tables; r++)
    for (let t = 1; t <= tables; t++)
      rows.push({ round: r, table: t, ns: t, ew: mod(t - 1 - (r - 1), tables) + 1, set: mod(positionOf(t) - (r - 1), tables) + 1 });
  return {
    kind: 'mitchell',
    tables,
    rounds: tables,
    sets: tables,
    winners: 2,
    rows,
    sharedSets: true,
    description: `Mitchell, ${tables} tables, tables 1 and ${tables} share, relay between ${tables / 2} and ${tables / 2 + 1}`,
  };
}

/**
 * Howell by the circle method: every pair meets every other once in P-1 rounds (an odd number of pairs adds a
 * phantom pair: meeting it is the sit-out). Generated Howells duplicate the boards, so every table plays the
 * same set in a round, as online and hybrid events do; the published tables for 4-14 pairs with physical
 * boards come from the standard movement files.
 */
export function howell(pairs: number): Movement {
  if (!Number.isInteger(pairs) || pairs < 3) throw new RangeError(`A Howell needs at least 3 pairs, got ${pairs}`);
  const p = pairs % 2 === 0 ? pairs : pairs + 1;
  const rounds = p - 1;
  const tables = p / 2;
  const rows: MovementRow[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < tables; k++) {
      // Pair p stays put; the others turn around it one place a round.
      const a = k === 0 ? p : mod(r + k, p - 1) + 1;
      const b = k === 0 ? mod(r, p - 1) + 1 : mod(r - k, p - 1) + 1;
      // Directions: a pair's table steps by one each round, so orienting tables by their parity makes each
      // pair alternate; the stationary pair alternates by round.
      const aIsNs = k === 0 ? r % 2 === 0 : k % 2 === 1;
      const [ns, ew] = aIsNs ? [a, b] : [b, a];
      rows.push({ round: r + 1, table: k + 1, ns, ew, set: r + 1 });
    }
  }
  return {
    kind: 'howell',
    tables,
    rounds,
    sets: rounds,
    winners: 1,
    rows,
    sharedSets: true,
    phantomPair: p === pairs ? undefined : p,
    description: `Howell, ${pairs} pairs, ${rounds} rounds, boards duplicated`,
  };
}

/**
 * The published Howell movement for 4-14 pairs with physical boards: one set at each table a round, boards
 * passed between tables as the standard table prescribes. Pairs outside that range use `howell` (generated).
 */
export function publishedHowell(pairs: number): Movement {
  const table = publishedHowellTables[pairs];
  if (!table) throw new RangeError(`Published Howell tables cover 4-14 pairs, not ${pairs}`);
  const rows = table.map(([round, table, ns, ew, set]) => ({ round, table, ns, ew, set }));
  const rounds = Math.max(...rows.map((r) => r.round));
  const slots = pairs % 2 === 0 ? pairs : pairs + 1;
  // Some tables have every table play one set in a round (the last round of 5 and 6 pairs): declared shared.
  const sharedSets = rows.some((a) => rows.some((b) => a !== b && a.round === b.round && a.set === b.set));
  return {
    kind: 'howell',
    tables: slots / 2,
    rounds,
    sets: new Set(rows.map((r) => r.set)).size,
    winners: 1,
    rows,
    sharedSets,
    phantomPair: pairs % 2 === 0 ? undefined : pairs + 1,
    meetings: rounds / (slots - 1),
    description: `Howell, ${pairs} pairs, ${rounds} rounds (standard table)`,
  };
}

/**
 * Checks a movement against the rules every movement keeps (BRIDGE.md): each pair at most once a round and
 * each table once a round; no pair plays a set twice; a set at one table a round unless sets are shared;
 * Mitchell: an EW pair meets an NS pair at most once; Howell: every pair meets every other exactly once (at most
 * once when stopped early); every set in play is played at two tables at least, so its results are compared.
 * Answers the broken rules (empty when sound).
 */
export function movementProblems(movement: Movement): string[] {
  const problems: string[] = [];
  const sidesApart = movement.kind === 'mitchell' && movement.winners === 2;
  const pairKey = (side: 'ns' | 'ew', pair: number) => (sidesApart ? `${side}${pair}` : `p${pair}`);
  const isPhantom = (row: MovementRow) =>
    movement.phantomPair !== undefined && (row.ew === movement.phantomPair || (!sidesApart && row.ns === movement.phantomPair));
  const tablesPlaying = new Map<number, number>();
  const setsPlayed = new Map<string, Set<number>>();
  const met = new Map<string, number>();
  for (let round = 1; round <= movement.rounds; round++) {
    const rows = movement.rows.filter((row) => row.round === round);
    const seatedPairs = new Set<string>();
    const tables = new Set<number>();
    const setsAtTables = new Map<number, number>();
    for (const row of rows) {
      if (tables.has(row.table)) problems.push(`round ${round}: table ${row.table} appears twice`);
      tables.add(row.table);
      setsAtTables.set(row.set, (setsAtTables.get(row.set) ?? 0) + 1);
      for (const key of [pairKey('ns', row.ns), pairKey('ew', row.ew)]) {
        if (seatedPairs.has(key)) problems.push(`round ${round}: pair ${key} plays twice`);
        seatedPairs.add(key);
        const sets = setsPlayed.get(key) ?? new Set<number>();
        if (!isPhantom(row)) {
          if (sets.has(row.set)) problems.push(`round ${round}: pair ${key} plays set ${row.set} again`);
          sets.add(row.set);
        }
        setsPlayed.set(key, sets);
      }
      if (!isPhantom(row)) tablesPlaying.set(row.set, (tablesPlaying.get(row.set) ?? 0) + 1);
      const meeting = sidesApart ? `ns${row.ns}-ew${row.ew}` : [row.ns, row.ew].sort((a, b) => a - b).join('-');
      met.set(meeting, (met.get(meeting) ?? 0) + 1);
    }
    if (tables.size !== movement.tables) problems.push(`round ${round}: ${tables.size} tables in play, expected ${movement.tables}`);
    if (!movement.sharedSets) {
      for (const [set, count] of setsAtTables) if (count > 1) problems.push(`round ${round}: set ${set} at ${count} tables`);
    }
  }
  if (movement.kind === 'mitchell') {
    for (const [meeting, count] of met) if (count > 1) problems.push(`${meeting} meet ${count} times`);
  } else {
    const pairs = movement.tables * 2;
    const meetings = movement.meetings ?? 1;
    for (let a = 1; a <= pairs; a++)
      for (let b = a + 1; b <= pairs; b++) {
        const count = met.get(`${a}-${b}`) ?? 0;
        if (movement.complete === false ? count > meetings : count !== meetings) problems.push(`pairs ${a} and ${b} meet ${count} times`);
      }
  }
  // Every board is compared: each set in play is played at two tables at least.
  for (const [set, count] of tablesPlaying) if (count < 2) problems.push(`set ${set} is played at ${count} table only, never compared`);
  return problems;
}

/** The boards of a set, with k boards a round. */
export const boardsOfSet = (set: number, boardsPerRound: number): number[] =>
  Array.from({ length: boardsPerRound }, (_, i) => (set - 1) * boardsPerRound + i + 1);

/**
 * A two-winner Mitchell for an odd number of pairs: the moving EW pair T is missing, so the NS pair it would meet
 * sits out each round (a different one each round) and the set at that table rests.
 */
export function mitchellWithSitOut(tables: number, evenMethod: EvenMitchellMethod = 'skip'): Movement {
  const m = mitchell(tables, evenMethod);
  return { ...m, phantomPair: tables, description: `${m.description}; ${2 * tables - 1} pairs, the NS pair that would meet EW ${tables} sits out` };
}

/** The first `rounds` rounds of a movement: a Mitchell or Howell too long for one session, stopped early. */
export function stopAfterRound(movement: Movement, rounds: number): Movement {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > movement.rounds)
    throw new RangeError(`Can stop after round 1 to ${movement.rounds}, not ${rounds}`);
  if (rounds === movement.rounds) return movement;
  const rows = movement.rows.filter((row) => row.round <= rounds);
  return {
    ...movement,
    rounds,
    rows,
    sets: new Set(rows.map((row) => row.set)).size,
    ...(movement.kind === 'howell' ? { complete: false } : {}),
    description: `${movement.description}, stopped after ${rounds} of its ${movement.rounds} rounds`,
  };
}

/**
 * An arrow-switch Mitchell: one winner. Pairs are numbered 1..2T (stationary pair t is t, moving pair e is T+e)
 * and in the switched rounds (every second round unless given) the stationary pairs sit East-West, so every
 * board is played in both directions by the same field.
 */
export function arrowSwitchMitchell(base: Movement, switchedRounds?: number[]): Movement {
  if (base.kind !== 'mitchell' || base.winners !== 2) throw new RangeError('An arrow switch turns a two-winner Mitchell into one');
  const t = base.tables;
  const switched = new Set(switchedRounds ?? Array.from({ length: Math.floor(base.rounds / 2) }, (_, i) => 2 * (i + 1)));
  const rows = base.rows.map((row) => {
    const [stationary, moving] = [row.ns, t + row.ew];
    return switched.has(row.round) ? { ...row, ns: moving, ew: stationary } : { ...row, ns: stationary, ew: moving };
  });
  const list = [...switched].sort((a, b) => a - b);
  return {
    ...base,
    winners: 1,
    rows,
    phantomPair: base.phantomPair === undefined ? undefined : t + base.phantomPair,
    description: `${base.description}; arrow switch in round${list.length === 1 ? '' : 's'} ${list.join(', ')}, one winner`,
  };
}

/**
 * A three-quarter Howell: the Howell (the standard table up to 14 pairs, generated beyond) stopped after about
 * three quarters of its rounds. Not every pair meets every other, so it is marked incomplete.
 */
export function threeQuarterHowell(pairs: number): Movement {
  const base = pairs <= 14 ? publishedHowell(pairs) : howell(pairs);
  const m = stopAfterRound(base, Math.round((base.rounds * 3) / 4));
  const boards = base.sharedSets && pairs > 14 ? ', boards duplicated' : '';
  return {
    ...m,
    description: `Three-quarter Howell, ${pairs} pairs, ${m.rounds} of ${base.rounds} rounds${boards}: not every pair meets every other`,
  };
}

/**
 * A barometer: the pairing of a movement, with every table playing the same set each round (the boards
 * duplicated), so the results of a round come in together. Sets are shared by design.
 */
export function barometer(base: Movement): Movement {
  return {
    ...base,
    rows: base.rows.map((row) => ({ ...row, set: row.round })),
    sets: base.rounds,
    sharedSets: true,
    description: `Barometer on the pairing of ${base.description}: every table plays the same boards each round`,
  };
}
