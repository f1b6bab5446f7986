// Scoring a 30-table, 27-board Mitchell (one board a round, boards duplicated so all 30 tables play board r in
// round r, as online events do: 810 traveller lines): matchpoints, cross-IMPs, Butler and rankings.
// Usage: npm run bench:engine --workspace bench   (prints a Markdown table; bar: <= 20 ms for matchpoints + IMPs + ranking)
import { boardsOfSet, mitchell, nsScore, scoreEvent, seededRandom, vulnerabilityOf, type TravellerLine } from '@bridge/engine';

const movement = mitchell(30, 'skip');
const random = seededRandom(2026);
const bytes = new Uint8Array(2);
const strains = ['C', 'D', 'H', 'S', 'NT'] as const;
const lines: TravellerLine[] = movement.rows
  .filter((row) => row.round <= 27)
  .flatMap((row) =>
    boardsOfSet(row.round, 1).map((board) => {
      random(bytes);
      const level = (1 + (bytes[0]! % 6)) as 1 | 2 | 3 | 4 | 5 | 6;
      const tricks = Math.min(13, 5 + level + (bytes[1]! % 4));
      const declarer = bytes[1]! % 2 ? 'N' : 'E';
      const nsScoreValue = nsScore({ level, strain: strains[bytes[0]! % 5]!, doubled: 0 }, declarer, tricks, vulnerabilityOf(board));
      return { board, nsPair: row.ns, ewPair: row.ew, result: { kind: 'score', nsScore: nsScoreValue } };
    }),
  );

const time = (run: () => void, repeats = 50) => {
  for (let i = 0; i < 5; i++) run(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(repeats / 2)]!, p90: samples[Math.floor(repeats * 0.9)]!, max: samples.at(-1)! };
};

const both = time(() => {
  scoreEvent(lines, { method: 'matchpoints', winners: 2 });
  scoreEvent(lines, { method: 'cross-imps', winners: 2 });
});
const butler = time(() => scoreEvent(lines, { method: 'butler', winners: 2 }));
console.log(`${lines.length} traveller lines, ${new Set(lines.map((l) => l.board)).size} boards, 50 runs after warm-up\n`);
console.log('| work | median | p90 | slowest |');
console.log('|---|---|---|---|');
console.log(`| matchpoints + cross-IMPs + both rankings | ${both.median.toFixed(2)} ms | ${both.p90.toFixed(2)} ms | ${both.max.toFixed(2)} ms |`);
console.log(`| Butler IMPs + ranking | ${butler.median.toFixed(2)} ms | ${butler.p90.toFixed(2)} ms | ${butler.max.toFixed(2)} ms |`);
