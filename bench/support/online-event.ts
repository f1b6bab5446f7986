// Online events for the play benches, made through the organiser API as a club's software would: a Mitchell of
// random deals played on the server's tables (`liveTableEvent`), seated, then started by its organiser.
import { EventType, endpoints, type ApiClient } from '@bridge/api';
import pg from 'pg';

const SIDES = [0, 1, 2, 3] as const;

/**
 * An online event of `tables` tables with a robot participant at every seat, started: its tables open and the
 * robots play round 1. Answers the event's key and its id in the database.
 *
 * Every seat holds a robot participant (`isBot`) rather than staying empty, which the server would also play by a
 * robot: starting an event with no entries at all is refused ("Enter the pairs before the start"). With `seatEmail`,
 * every seat holds that address's account instead: people, whom no robot plays for, so the tables stay still.
 */
export async function createRobotEvent(
  organiser: ApiClient,
  options: { tables: number; boardsPerRound: number; name: string; seatEmail?: (table: number, side: number) => string },
) {
  const { key, id } = await organiser.call(endpoints.events.create, {
    body: {
      tables: options.tables,
      boardsPerRound: options.boardsPerRound,
      gameDetails: {
        type: EventType.pair,
        typeName: options.name,
        players: options.tables * 4,
        rounds: 2,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: true,
        kibtzersEnabled: false,
      },
    },
  });
  const participants = Array.from({ length: options.tables }, (_, i) =>
    SIDES.map((side) =>
      options.seatEmail
        ? { email: options.seatEmail(i + 1, side), table: i + 1, side, isBot: false }
        : { names: `Robot ${i + 1}${'NESW'[side]}`, table: i + 1, side, isBot: true },
    ),
  ).flat();
  await organiser.call(endpoints.events.addParticipants, { params: { key }, body: { participants } });
  return { key, id };
}

/** Starts an event's play (round 1) as its organiser: the server then opens every table of it. */
export const startEvent = (organiser: ApiClient, key: string) => organiser.call(endpoints.directing.start, { params: { key } });

/** Counts of an event's play in the database: results in, actions stored, tables with an action. */
export async function playCounts(db: pg.Client, tournamentId: string, round = 1) {
  const { rows } = await db.query<{ results: string; actions: string; tables: string }>(
    `select (select count(*) from board_results where tournament_id = $1 and round = $2) as results,
            (select count(*) from play_actions where tournament_id = $1 and round = $2) as actions,
            (select count(distinct table_no) from play_actions where tournament_id = $1 and round = $2) as tables`,
    [tournamentId, round],
  );
  return { results: Number(rows[0]!.results), actions: Number(rows[0]!.actions), tables: Number(rows[0]!.tables) };
}

/** The PostgreSQL server processes (backends) connected to a database, to read their CPU time. */
export async function backendsOf(db: pg.Client, database: string): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  return rows.map((row) => row.pid);
}
