// Scoring at the table under a club's load: 30 tables, 120 phone sessions (four phones a table), each table
// entering a board and confirming it every few seconds while the director's live view listens.
// Usage: npm run bench:table-entry --workspace bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
// Reports, from the same run:
// - the table's entry (POST /tables/{key}/{table}/results) and confirmation latencies, against the organiser's bare
//   result POST (POST /tournaments/{key}/results) made at the same pace on another event;
// - the delay from an entry's answer to the director's grid showing it: the live view's stream says `change`, the
//   director reads the view again, and the board is there.
import { performance } from 'node:perf_hooks';
import { createClient, endpoints, EventType, type ApiClient, type LiveView, type PostResultLine } from '@bridge/api';
import { boardsOfSet, mitchell } from '@bridge/engine';
import { signIn, startBenchServer } from './support/server.ts';

const TABLES = 30;
const PHONES_PER_TABLE = 4;
/** A table sends a board every 1.5 to 3.5 s: the pace of a busy club with fast players. */
const PACE_MS = [1500, 3500] as const;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const row = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(1)} ms | ${percentile(values, 90).toFixed(1)} ms | ${percentile(values, 99).toFixed(1)} ms | ${Math.max(...values).toFixed(1)} ms |`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paced = () => PACE_MS[0] + Math.random() * (PACE_MS[1] - PACE_MS[0]);

async function timed<T>(samples: number[], call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const answer = await call();
  samples.push(performance.now() - start);
  return answer;
}

/** Reads a Server-Sent Events stream and calls `onChange` for each `change` until the signal aborts. */
async function listenForChanges(url: string, cookie: string, signal: AbortSignal, onChange: () => void) {
  const stream = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal });
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (message.includes('event: change')) onChange();
      }
    }
  })().catch(() => undefined);
}

const server = await startBenchServer({ ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password' });
try {
  const director = await signIn(server.url, 'bench@example.org', 'bench password');

  // The club's session: 60 pairs, the proposal the wizard offers first, every pair a guest.
  const proposals = await director.call(endpoints.directing.proposals, { query: { pairs: TABLES * 2, minutesPerBoard: 7.5 } });
  const proposal = proposals.find((p) => p.name === 'Mitchell' && p.winners === 2) ?? proposals[0]!;
  const { key } = await director.call(endpoints.directing.create, {
    body: {
      name: 'Bench club night',
      startsAt: new Date().toISOString(),
      pairs: TABLES * 2,
      minutesPerBoard: 7.5,
      movement: { kind: 'proposal', id: proposal.id },
      scoring: 'matchpoints',
      deals: 'random',
    },
  });
  const pairs = (await director.call(endpoints.directing.entries, { params: { key } })).pairs.map((p) => ({
    pair: p.pair,
    players: [{ name: `North of ${p.pair}` }, { name: `South of ${p.pair}` }] as [{ name: string }, { name: string }],
  }));
  await director.call(endpoints.directing.setEntries, { params: { key }, body: { pairs } });
  await director.call(endpoints.directing.start, { params: { key } });
  const codes = await director.call(endpoints.tables.codes, { params: { key } });

  // 120 phones, each holding its table through the code.
  const phones: ApiClient[][] = [];
  for (const { table, code } of codes) {
    const atTable: ApiClient[] = [];
    for (let i = 0; i < PHONES_PER_TABLE; i++) {
      const phone = createClient({ baseUrl: server.url });
      await phone.call(endpoints.tables.open, { params: { key, table }, body: { code } });
      atTable.push(phone);
    }
    phones.push(atTable);
  }

  // The organiser's bare POST, at the same pace, on an event of its own (a 30-table Mitchell from the organiser API).
  const baseline = await director.call(endpoints.events.create, {
    body: {
      tables: TABLES,
      boardsPerRound: 1,
      gameDetails: {
        type: EventType.pair,
        typeName: 'Bench baseline',
        players: TABLES * 4,
        rounds: 27,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    },
  });
  const baselineLines: PostResultLine[] = mitchell(TABLES, 'skip')
    .rows.filter((r) => r.round <= 27)
    .flatMap((r) =>
      boardsOfSet(r.set, 1).map((board) => ({
        round: r.round,
        board,
        table: r.table,
        nsPair: r.ns,
        ewPair: r.ew,
        declarer: 'N' as const,
        contract: { level: 4, strain: 'S' as const, doubled: 0 as const },
        tricks: 10,
      })),
    );

  // The director listens: each `change` reads the live view again and notes when each entered board first shows.
  const entered = new Map<string, number>(); // `round/table/board` -> when the entry's answer came
  const shownDelays: number[] = [];
  const shown = new Set<string>();
  const controller = new AbortController();
  let reading = Promise.resolve();
  const readView = async () => {
    const view: LiveView = await director.call(endpoints.directing.live, { params: { key } });
    const now = performance.now();
    for (const cell of view.grid)
      for (const b of cell.boards) {
        const id = `${cell.round}/${cell.table}/${b.board}`;
        const at = entered.get(id);
        if (b.status !== 'missing' && at !== undefined && !shown.has(id)) {
          shown.add(id);
          shownDelays.push(now - at);
        }
      }
  };
  // Changes that come while a read is on its way are all seen by the next read.
  await listenForChanges(`${server.url}/api/v1/direct/events/${key}/stream`, director.cookie, controller.signal, () => {
    reading = reading.then(readView);
  });

  // Every phone listens to its table's stream and reads the table again on each change, as the page does; the
  // delay from North's entry sent to the other three phones showing it is noted.
  const sent = new Map<string, number>(); // `round/table/board` -> when North's phone sent the entry
  const phoneDelays: number[] = [];
  for (const [index, atTable] of phones.entries()) {
    const table = index + 1;
    for (const phone of atTable.slice(1)) {
      let read = Promise.resolve();
      const seen = new Set<string>();
      const readState = async () => {
        const state = await phone.call(endpoints.tables.state, { params: { key, table } });
        const now = performance.now();
        for (const b of state.boards) {
          const id = `${state.round}/${table}/${b.board}`;
          const at = sent.get(id);
          if (b.status !== 'open' && at !== undefined && !seen.has(id)) {
            seen.add(id);
            phoneDelays.push(now - at);
          }
        }
      };
      await listenForChanges(`${server.url}/api/v1/tables/${key}/${table}/stream`, phone.cookie, controller.signal, () => {
        read = read.then(readState);
      });
    }
  }

  const entryMs: number[] = [];
  const confirmMs: number[] = [];
  const baselineMs: number[] = [];
  let baselineNext = 0;
  const baselinePoster = (async () => {
    while (baselineNext < baselineLines.length && !controller.signal.aborted) {
      await sleep(paced() / TABLES);
      const line = baselineLines[baselineNext++]!;
      await timed(baselineMs, () => director.call(endpoints.events.postResult, { params: { key: baseline.key }, body: line }));
    }
  })();

  for (let round = 1; round <= ROUNDS; round++) {
    await Promise.all(
      phones.map(async ([north, east, south, west], index) => {
        const table = index + 1;
        await sleep(Math.random() * PACE_MS[1]);
        const state = await south!.call(endpoints.tables.state, { params: { key, table } });
        for (const board of state.boards) {
          await sleep(paced());
          const entryId = `r${round}t${table}b${board.board}-${Math.random().toString(36).slice(2, 10)}`;
          sent.set(`${state.round}/${table}/${board.board}`, performance.now());
          await timed(entryMs, () =>
            north!.call(endpoints.tables.enter, {
              params: { key, table },
              body: { board: board.board, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9, entryId },
            }),
          );
          entered.set(`${state.round}/${table}/${board.board}`, performance.now());
          await timed(confirmMs, () => (index % 2 ? east! : west!).call(endpoints.tables.confirm, { params: { key, table, board: board.board } }));
        }
      }),
    );
    if (round < ROUNDS) await director.call(endpoints.directing.nextRound, { params: { key } });
  }
  await sleep(1000);
  await reading;
  controller.abort();
  await baselinePoster;

  console.log(
    `30 tables, ${codes.length * PHONES_PER_TABLE} phone sessions, ${ROUNDS} rounds of ${proposal.boardsPerRound} boards (${proposal.name}), a board every ${PACE_MS[0] / 1000}-${PACE_MS[1] / 1000} s a table`,
  );
  console.log('| call | samples | p50 | p90 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('table entry: POST /tables/{key}/{table}/results', entryMs));
  console.log(row('table confirm: POST .../results/{board}/confirm', confirmMs));
  console.log(row("organiser's bare POST /tournaments/{key}/results (same run)", baselineMs));
  console.log(row("entry answered -> director's grid shows it (stream + live view read)", shownDelays));
  console.log(row("entry sent -> the table's other three phones show it (stream + state read)", phoneDelays));
  console.log(
    `boards entered ${entered.size}, shown on the grid ${shown.size}, seen by the other phones ${phoneDelays.length} of ${entered.size * 3}`,
  );
} finally {
  await server.stop();
}
