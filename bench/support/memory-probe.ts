// Preloaded into a bench's server with `--expose-gc` (startBenchServer's extraNodeArgs): on SIGUSR2 it collects
// garbage, then writes the process's memory (bytes) as JSON to MEMORY_PROBE_FILE, so a bench compares what the
// server keeps rather than garbage not yet collected.
import fs from 'node:fs';

process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const figures = { rss, heapUsed, heapTotal, external, arrayBuffers, collected: typeof globalThis.gc === 'function', at: Date.now() };
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE ?? 'memory-probe.json', JSON.stringify(figures));
});
