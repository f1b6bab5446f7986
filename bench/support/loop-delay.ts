// Preloaded into a bench's server (BENCH_SERVER_ARGS="--import ./bench/support/loop-delay.ts"): measures the
// server's event-loop delay. SIGUSR2 starts a window (resets the histogram); the next SIGUSR2 writes the
// window's figures, in milliseconds, as JSON to LOOP_DELAY_FILE.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
let open = false;
process.on('SIGUSR2', () => {
  if (!open) {
    histogram.reset();
    open = true;
    return;
  }
  open = false;
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count };
  fs.writeFileSync(process.env.LOOP_DELAY_FILE ?? 'loop-delay.json', JSON.stringify(figures));
});
