// Video chat: how much of the machine a table's call keeps busy once everyone is in it. PLAYERS pages (one per
// player, in one Chromium with fake camera and microphone, every peer connection on 127.0.0.1) join the call of
// one table; once each shows the others' video, the machine's CPU is read from /proc/stat over SECONDS, ROUNDS
// times. Nothing else of the bench runs meanwhile (the platform only holds the sockets), so the reading is the
// pages' own work: encoding, decoding, showing and playing the call, and whatever the page does besides.
// Usage: npm run build && npm run bench:video-load --workspace bench
//        (PostgreSQL from BENCH_DATABASE_URL as the other benches; PLAYERS=3, SECONDS=10, ROUNDS=3; CHROMIUM_PATH)
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { seatInCall, startVideoTable } from './support/video-table.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** Jiffies since boot: all of them, and those the CPUs spent idle (waiting for disk counts as idle). */
function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [, , , idle = 0, iowait = 0] = fields;
  return { total: fields.reduce((sum, value) => sum + value, 0), idle: idle + iowait };
}

const { url, key, contexts, close } = await startVideoTable(PLAYERS);
try {
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  await seatInCall(pages, url, key);
  // A few seconds for the links to settle on their sizes and rates.
  await new Promise((resolve) => setTimeout(resolve, 5000));

  const cores = availableParallelism();
  console.log(`${PLAYERS} players of a table in the call, each on a page of one Chromium; ${cores} cores; ${SECONDS} s a round`);
  console.log('| round | CPU busy (of all cores) | cores busy |');
  console.log('|---|---|---|');
  const busy: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const after = cpuTimes();
    const share = 1 - (after.idle - before.idle) / (after.total - before.total);
    busy.push(share);
    console.log(`| ${round} | ${(share * 100).toFixed(1)} % | ${(share * cores).toFixed(2)} |`);
  }
  const median = [...busy].sort((a, b) => a - b)[Math.floor(busy.length / 2)]!;
  console.log(`median: ${(median * 100).toFixed(1)} % of the machine, ${(median * cores).toFixed(2)} cores`);

  // What the pages send and receive meanwhile, for context: the video's size and rate on each link.
  const video = await pages[0]!.evaluate(async () => {
    const rows: string[] = [];
    for (const video of document.querySelectorAll<HTMLVideoElement>('video[data-remote]')) {
      rows.push(`received ${video.videoWidth}x${video.videoHeight}`);
    }
    return rows;
  });
  console.log(`the first page's remote videos: ${video.join(', ')}`);
} finally {
  await close();
}
