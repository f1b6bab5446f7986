/**
 * Movements uploaded as a table (docs/movement-format.md): for each round and table, the NS pair, the EW pair
 * and the board set, as CSV or JSON. Reading names every malformed line; checking names every broken rule of
 * the four every movement keeps (a pair in one place a round, a pair meets a set once, a set at one table at a
 * time, every set compared).
 */
import type { Movement, MovementRow } from './movements.ts';

/** The formats a movement table is uploaded in (docs/movement-format.md). */
export type MovementTableFormat = 'csv' | 'json';

/** A movement table that cannot be read or breaks the rules; `problems` lists every one, in plain words. */
export class MovementTableError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'MovementTableError';
    this.problems = problems;
  }
}

type Kind = Movement['kind'];
const COLUMNS = ['round', 'table', 'ns', 'ew', 'set'] as const;
type Column = (typeof COLUMNS)[number];
const WHAT: Record<Column, string> = {
  round: 'a round number',
  table: 'a table number',
  ns: 'a pair number',
  ew: 'a pair number',
  set: 'a board set number',
};
/** The pair number a file writes for "sits out". */
export const SIT_OUT = 0;

/** One value of a row, or the reason it is not one (pairs may be 0, the sit-out; the rest start at 1). */
function readValue(column: Column, value: unknown): number | string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const least = column === 'ns' || column === 'ew' ? SIT_OUT : 1;
  if (!/^\d+$/.test(text) || Number(text) < least || Number(text) > 9999) return `'${column}' is not ${WHAT[column]}`;
  return Number(text);
}

/** Reads one row's five values; answers the row or its problems. */
function readRow(values: Record<Column, unknown>): MovementRow | string[] {
  const problems: string[] = [];
  const row: Partial<MovementRow> = {};
  for (const column of COLUMNS) {
    const value = readValue(column, values[column]);
    if (typeof value === 'string') problems.push(value);
    else row[column] = value;
  }
  if (problems.length === 0 && row.ns === SIT_OUT && row.ew === SIT_OUT) problems.push('both pairs are the sit-out');
  return problems.length > 0 ? problems : (row as MovementRow);
}

interface ReadRows {
  kind: Kind;
  rows: { row: MovementRow; where: string }[];
  problems: string[];
}

function readCsv(text: string): ReadRows {
  const out: ReadRows = { kind: 'howell', rows: [], problems: [] };
  let header: Column[] | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const where = `Line ${index + 1}`;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      const kind = /^#\s*kind\s*:\s*(\S+)\s*$/i.exec(line)?.[1]?.toLowerCase();
      if (kind === 'mitchell' || kind === 'howell') out.kind = kind;
      else if (kind !== undefined) out.problems.push(`${where}: the kind is 'mitchell' or 'howell', not '${kind}'`);
      return;
    }
    const cells = line.split(',').map((cell) => cell.trim());
    if (!header) {
      const names = cells.map((cell) => cell.toLowerCase());
      if (names.length === COLUMNS.length && COLUMNS.every((column) => names.includes(column))) header = names as Column[];
      else {
        out.problems.push(`${where}: the header must name the columns round,table,ns,ew,set`);
        header = [...COLUMNS];
      }
      return;
    }
    if (cells.length !== COLUMNS.length) {
      out.problems.push(`${where}: ${cells.length} values, expected ${COLUMNS.length} (round,table,ns,ew,set)`);
      return;
    }
    const values = Object.fromEntries(header.map((column, i) => [column, cells[i]])) as Record<Column, unknown>;
    const row = readRow(values);
    if (Array.isArray(row)) out.problems.push(...row.map((problem) => `${where}: ${problem}`));
    else out.rows.push({ row, where: `line ${index + 1}` });
  });
  if (!header) out.problems.push('The file has no header round,table,ns,ew,set');
  return out;
}

/**
 * The line on which each element of the top-level "rows" list starts, so a malformed row is named by its line
 * as in CSV. The text is known to parse as JSON, so strings hold no line breaks.
 */
function rowLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let key = '';
  let inRows = false;
  let expectRow = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (/\s/.test(c)) continue;
    if (inRows && expectRow && depth === 2) {
      lines.push(line);
      expectRow = false;
    }
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1) key = text.slice(i + 1, end);
      i = end;
    } else if (c === '[' || c === '{') {
      depth++;
      if (c === '[' && depth === 2 && key === 'rows') inRows = expectRow = true;
    } else if (c === ']' || c === '}') {
      if (depth === 2) inRows = false;
      depth--;
    } else if (c === ',' && inRows && depth === 2) expectRow = true;
  }
  return lines;
}

function readJson(text: string): ReadRows {
  const out: ReadRows = { kind: 'howell', rows: [], problems: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    out.problems.push(`The JSON cannot be read: ${(error as Error).message}`);
    return out;
  }
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { rows?: unknown }).rows)) {
    out.problems.push('The JSON must be an object with a "rows" list');
    return out;
  }
  const { kind, rows } = data as { kind?: unknown; rows: unknown[] };
  if (kind === 'mitchell' || kind === 'howell') out.kind = kind;
  else if (kind !== undefined) out.problems.push(`"kind" is "mitchell" or "howell", not ${JSON.stringify(kind)}`);
  const lines = rowLines(text);
  rows.forEach((value, index) => {
    const where = `Line ${lines[index] ?? '?'} (row ${index + 1})`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.problems.push(`${where}: not an object with round, table, ns, ew and set`);
      return;
    }
    const row = readRow(value as Record<Column, unknown>);
    if (Array.isArray(row)) out.problems.push(...row.map((problem) => `${where}: ${problem}`));
    else out.rows.push({ row, where: `line ${lines[index] ?? '?'} (row ${index + 1})` });
  });
  return out;
}

/**
 * Reads a movement table in CSV (header `round,table,ns,ew,set`) or JSON (`{ kind?, rows: [...] }`); pair 0 is
 * the sit-out. Throws a MovementTableError naming every malformed line; the rules are `checkUploadedMovement`'s.
 */
export function readMovementTable(text: string, format: MovementTableFormat): Movement {
  const read = format === 'csv' ? readCsv(text) : readJson(text);
  const seen = new Map<string, string>();
  for (const { row, where } of read.rows) {
    const key = `${row.round}-${row.table}`;
    const before = seen.get(key);
    if (before)
      read.problems.push(`${where[0]!.toUpperCase()}${where.slice(1)}: round ${row.round}, table ${row.table} is already given on ${before}`);
    else seen.set(key, where);
  }
  if (read.problems.length === 0 && read.rows.length === 0) read.problems.push('The table has no rows');
  if (read.problems.length > 0) throw new MovementTableError(read.problems);
  return buildMovement(
    read.kind,
    read.rows.map(({ row }) => row),
  );
}

function buildMovement(kind: Kind, given: MovementRow[]): Movement {
  const rows = [...given].sort((a, b) => a.round - b.round || a.table - b.table);
  const sidesApart = kind === 'mitchell';
  // The sit-out (0) becomes a phantom pair after the highest number: on the EW side in a Mitchell, whose NS and
  // EW numbers overlap.
  const hasSitOut = rows.some((row) => row.ns === SIT_OUT || row.ew === SIT_OUT);
  const highest = Math.max(...rows.flatMap((row) => (sidesApart ? [row.ew] : [row.ns, row.ew])));
  const phantomPair = hasSitOut ? highest + 1 : undefined;
  const withPhantom = rows.map((row) => ({
    ...row,
    ns: row.ns === SIT_OUT ? phantomPair! : row.ns,
    ew: row.ew === SIT_OUT ? phantomPair! : row.ew,
  }));
  const rounds = Math.max(...rows.map((row) => row.round));
  const tables = Math.max(...rows.map((row) => row.table));
  const inRound = new Set<string>();
  let sharedSets = false;
  for (const row of withPhantom) {
    const key = `${row.round}-${row.set}`;
    if (inRound.has(key)) sharedSets = true;
    inRound.add(key);
  }
  const movement: Movement = {
    kind,
    tables,
    rounds,
    sets: new Set(rows.map((row) => row.set)).size,
    winners: sidesApart ? 2 : 1,
    rows: withPhantom,
    sharedSets,
    ...(phantomPair === undefined ? {} : { phantomPair }),
    description: `Uploaded ${sidesApart ? 'Mitchell' : 'movement'}, ${tables} tables, ${rounds} rounds`,
  };
  if (!sidesApart) {
    // A Howell's pairs meet alike (once, or twice in the 4-pair table); an uploaded one may stop early.
    const met = new Map<string, number>();
    for (const row of withPhantom) {
      const key = [row.ns, row.ew].sort((a, b) => a - b).join('-');
      met.set(key, (met.get(key) ?? 0) + 1);
    }
    const meetings = Math.max(...met.values());
    const pairs = Math.max(...withPhantom.flatMap((row) => [row.ns, row.ew]));
    const complete = met.size === (pairs * (pairs - 1)) / 2 && [...met.values()].every((count) => count === meetings);
    if (meetings !== 1) movement.meetings = meetings;
    if (!complete) movement.complete = false;
  }
  return movement;
}

const inWords = (count: number) => (count === 2 ? 'twice' : `${count} times`);
const listed = (items: (string | number)[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The rules an uploaded movement keeps, each broken one named in plain words: no pair sits in two places in a
 * round; a pair meets a board set at most once; a board set is at one table at a time (unless every table of the
 * round plays it: a barometer round); every board set is played at two tables at least, so it is compared.
 */
export function checkUploadedMovement(movement: Movement): string[] {
  const sidesApart = movement.kind === 'mitchell' && movement.winners === 2;
  const isPhantom = (side: 'ns' | 'ew', pair: number) => pair === movement.phantomPair && (!sidesApart || side === 'ew');
  const name = (side: 'ns' | 'ew', pair: number) => (sidesApart ? `${side === 'ns' ? 'NS' : 'EW'} pair ${pair}` : `pair ${pair}`);
  const rows = [...movement.rows].sort((a, b) => a.round - b.round || a.table - b.table);
  const problems: string[] = [];

  // Each rule looks at the rows once (grouped by round here), so a table of any size is checked in linear time.
  const byRound = new Map<number, MovementRow[]>();
  for (const row of rows) {
    const inRound = byRound.get(row.round);
    if (inRound) inRound.push(row);
    else byRound.set(row.round, [row]);
  }
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  };

  // No pair sits in two places in a round.
  for (const [round, inRound] of byRound) {
    const places = new Map<string, number[]>();
    for (const row of inRound)
      for (const side of ['ns', 'ew'] as const) {
        if (isPhantom(side, row[side])) continue;
        push(places, name(side, row[side]), row.table);
      }
    for (const [who, tables] of places) {
      if (tables.length < 2) continue;
      const distinct = [...new Set(tables)];
      problems.push(
        distinct.length === 1
          ? `Round ${round}: ${who} sits both North-South and East-West at table ${distinct[0]}`
          : `Round ${round}: ${who} sits at ${listed(tables.map((t) => `table ${t}`))}`,
      );
    }
  }

  // A pair meets a board set at most once.
  const meetsSet = new Map<string, number[]>();
  for (const row of rows) {
    if (isPhantom('ns', row.ns) || isPhantom('ew', row.ew)) continue;
    for (const side of ['ns', 'ew'] as const) push(meetsSet, `${name(side, row[side])}\u0000${row.set}`, row.round);
  }
  for (const [key, when] of meetsSet) {
    if (when.length < 2) continue;
    const [who, set] = key.split('\u0000');
    problems.push(`${who![0]!.toUpperCase()}${who!.slice(1)} meets board set ${set} ${inWords(when.length)} (rounds ${listed(when)})`);
  }

  // A board set is at one table at a time, unless the whole round plays it (a barometer round).
  for (const [round, inRound] of byRound) {
    const tablesOfSet = new Map<number, number[]>();
    for (const row of inRound) push(tablesOfSet, row.set, row.table);
    const barometer = tablesOfSet.size === 1;
    for (const [set, tables] of tablesOfSet)
      if (tables.length > 1 && !barometer) problems.push(`Round ${round}: board set ${set} is at ${listed(tables.map((t) => `table ${t}`))}`);
  }

  // Every board set is compared: played at two tables at least (a sit-out table plays nothing).
  const highestSet = Math.max(...rows.map((row) => row.set));
  const playedAt = new Map<number, number>();
  for (const row of rows) if (!isPhantom('ns', row.ns) && !isPhantom('ew', row.ew)) playedAt.set(row.set, (playedAt.get(row.set) ?? 0) + 1);
  for (let set = 1; set <= highestSet; set++) {
    const played = playedAt.get(set) ?? 0;
    if (played === 0) problems.push(`Board set ${set} is never played`);
    else if (played === 1) problems.push(`Board set ${set} is played by one table only, so it is never compared`);
  }
  return problems;
}

/** Reads and checks an uploaded movement; throws a MovementTableError listing every problem found. */
export function uploadMovement(text: string, format: MovementTableFormat): Movement {
  const movement = readMovementTable(text, format);
  const problems = checkUploadedMovement(movement);
  if (problems.length > 0) throw new MovementTableError(problems);
  return movement;
}

/** Writes a movement as a table in the uploaded format (the sit-out as pair 0), so it reads back the same. */
export function writeMovementTable(movement: Movement, format: MovementTableFormat): string {
  const sidesApart = movement.kind === 'mitchell' && movement.winners === 2;
  const rows = [...movement.rows]
    .sort((a, b) => a.round - b.round || a.table - b.table)
    .map((row) => ({
      round: row.round,
      table: row.table,
      ns: row.ns === movement.phantomPair && !sidesApart ? SIT_OUT : row.ns,
      ew: row.ew === movement.phantomPair ? SIT_OUT : row.ew,
      set: row.set,
    }));
  const kind = sidesApart ? 'mitchell' : 'howell';
  if (format === 'json') return `${JSON.stringify({ kind, rows }, null, 2)}\n`;
  const lines = [`# ${movement.description}`, `# kind: ${kind}`, COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => row[c]).join(','))];
  return `${lines.join('\n')}\n`;
}
