import type { ActiveEvent, PastEvent, ScoreData, ScoreEntry } from '@bridge/api';
import type { TournamentRow } from '../../db/schema.ts';
import { pairNames, planEvent } from './movement.ts';
import type * as repo from './repo.ts';

// Events and their seats as the API answers them (the admin lists, the user console, the join record).

const iso = (date: Date | null) => date?.toISOString() ?? null;
const userDataOf = (row: repo.EventRow) => ({ names: row.organiserNames, email: row.organiserEmail, contact: row.organiserContact });

// Events -------------------------------------------------------------------------------------------------------

export const presentActiveEvent = (row: repo.EventRow): ActiveEvent => ({
  objectId: row.id,
  id: row.id,
  key: row.key,
  tables: row.tables,
  details: detailsJson(row),
  createdAt: row.createdAt.toISOString(),
  userData: userDataOf(row),
  tournament: { key: row.key },
});

const SUIT_CODES: Record<string, number> = { C: 1, D: 2, H: 3, S: 4, NT: 5 };

/** One posted line as a scoreData entry: contract 'level,suit' with the specification's suit codes (1 clubs .. 5 no-trump). */
export function scoreEntry(line: repo.ScoreRow, names: { ns: string[]; ew: string[] }): ScoreEntry {
  const adjusted = line.adjustedNs && line.adjustedEw ? `${line.adjustedNs}/${line.adjustedEw}` : null;
  const played = !adjusted && line.level > 0 && line.strain !== null && line.declarer !== null && line.tricks !== null;
  const nsTricks = played ? ('NS'.includes(line.declarer!) ? line.tricks! : 13 - line.tricks!) : null;
  return {
    table: line.tableNo,
    North: names.ns[0] ?? null,
    South: names.ns[1] ?? null,
    East: names.ew[0] ?? null,
    West: names.ew[1] ?? null,
    ns: line.nsPair,
    ew: line.ewPair,
    score: adjusted ? null : line.nsScore,
    dealer: line.dealer,
    declarer: played ? line.declarer : null,
    contract: adjusted ? null : played ? `${line.level},${SUIT_CODES[line.strain!]}` : 'Pass',
    doubled: played ? line.doubled : 0,
    nsTricks,
    ewTricks: nsTricks === null ? null : 13 - nsTricks,
    totalTricks: nsTricks === null ? null : 13,
    vulnerable: line.vulnerability,
    adjusted,
  };
}

/** `round_number_{n}` -> `board_number_{m}` -> `table_{t}`, names from the pairs' starting seats. */
export function buildScoreData(event: repo.EventRow, lines: repo.ScoreRow[], seats: { tableNo: number; side: number; names: string }[]): ScoreData {
  let namesOf: ((direction: 'NS' | 'EW' | null, pair: number) => { name: string }[]) | undefined;
  try {
    namesOf = pairNames(planEvent(event), seats);
  } catch {
    namesOf = undefined; // an event whose movement cannot be planned (a one-table solitaire) has no pair names
  }
  const howell = event.movementType === 'Howell';
  // A pair plays many boards: its names are looked up once per event, not once per line.
  const known = new Map<string, string[]>();
  const names = (direction: 'NS' | 'EW', pair: number) => {
    const key = howell ? `${pair}` : `${direction}${pair}`;
    let found = known.get(key);
    if (!found) {
      found = namesOf?.(howell ? null : direction, pair).map((n) => n.name) ?? [];
      known.set(key, found);
    }
    return found;
  };
  const data: ScoreData = {};
  for (const line of lines) {
    const round = (data[`round_number_${line.round}`] ??= {});
    const board = (round[`board_number_${line.boardNo}`] ??= {});
    board[`table_${line.tableNo}`] = scoreEntry(line, { ns: names('NS', line.nsPair), ew: names('EW', line.ewPair) });
  }
  return data;
}

/** The past-event record of one event from its posted lines and seated players. */
export const presentPastEvent = (row: repo.EventRow, lines: repo.ScoreRow[], seats: repo.SeatRow[]): PastEvent => ({
  objectId: row.id,
  createdAt: row.createdAt.toISOString(),
  completedAt: iso(row.completedAt),
  userData: userDataOf(row),
  tournament: { key: row.key, tables: row.tables, gameDetails: detailsJson(row) },
  resultId: row.resultId,
  xmlToken: row.xmlToken,
  scoreData: buildScoreData(row, lines, seats),
});

/** The join record's `details` JSON string (specification section 3). */
export const detailsJson = (t: TournamentRow) =>
  JSON.stringify({
    type: t.type,
    typeName: t.typeName,
    players: t.players,
    rounds: t.rounds,
    movementType: t.movementType,
    scoreType: t.scoreType,
    handgeneratedModeAsString: t.handMode,
    liveTableEvent: t.liveTableEvent,
    kibtzersEnabled: t.kibitzersEnabled,
  });
