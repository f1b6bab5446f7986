// The public site's bars: JavaScript before interaction on `/` <= 90 KB gzip, and Lighthouse mobile scores
// >= 95 in every category on `/`, `/download`, `/contactus` and `/privacy`.
// Usage: npm run build && npm run bench:web --workspace bench   (RUNS=3 by default; CHROME_PATH, default /usr/bin/chromium)
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startBenchServer } from './support/server.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const runs = Number(process.env.RUNS ?? 3);
const pages = ['/', '/download', '/contactus', '/privacy'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The bytes the server sends for a file to a browser that accepts only gzip (its precompressed .gz copy). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        // Files under 512 bytes are sent as they are (not worth compressing): their plain size counts.
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

async function scriptBudget(base: string, path: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: flags });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const before = [...new Set(scripts)];
  await page.mouse.move(10, 10);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
  await page.waitForLoadState('networkidle');
  const after = [...new Set(scripts)];
  await browser.close();
  const sum = async (urls: string[]) => (await Promise.all(urls.map(gzipBytes))).reduce((a, b) => a + b, 0);
  return { before: before.length, beforeBytes: await sum(before), after: after.length, afterBytes: await sum(after) };
}

async function lighthouseScores(url: string): Promise<Record<(typeof categories)[number], number>> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return Object.fromEntries(categories.map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)])) as Record<
      (typeof categories)[number],
      number
    >;
  } finally {
    chrome.kill();
  }
}

const server = await startBenchServer();
try {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('| page | scripts before interaction | gzip | after first input | gzip |');
  console.log('|---|---|---|---|---|');
  for (const path of pages) {
    const budget = await scriptBudget(server.url, path);
    console.log(`| ${path} | ${budget.before} | ${kb(budget.beforeBytes)} | ${budget.after} | ${kb(budget.afterBytes)} |`);
  }
  console.log();
  console.log(`Lighthouse ${runs} run(s) per page, mobile (default config), each category: median (lowest)`);
  console.log();
  console.log(`| page | ${categories.join(' | ')} |`);
  console.log(`|---|${categories.map(() => '---').join('|')}|`);
  for (const path of pages) {
    const results: Record<string, number>[] = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouseScores(`${server.url}${path}`));
    const cells = categories.map((id) => {
      const values = results.map((r) => r[id]!).sort((a, b) => a - b);
      return `${values[Math.floor(values.length / 2)]} (${values[0]})`;
    });
    console.log(`| ${path} | ${cells.join(' | ')} |`);
  }
} finally {
  await server.stop();
}
