#!/usr/bin/env node
// Writes the prerendered public pages into the client build: dist/<path>/index.html for each public path,
// dist/404.html for unknown paths, dist/spa.html (empty root) for every other app route, and dist/pages.json,
// which tells the server which is which (and which pages fit only their bare path, without a query string, or
// have a prerendered file per value of one query parameter: dist/download/index.app-organiser.html). Runs after `vite build` and `vite build --ssr` (see package.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const ssrEntry = path.join(webDir, 'dist-ssr', 'entry-server.js');

const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
const { render, prerenderPaths, notFoundPath, routePatterns } = await import(pathToFileURL(ssrEntry).href);

/** The JS and CSS files a set of source modules needs, following static imports through the manifest. */
function assetsOf(sources) {
  const scripts = new Set();
  const styles = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the client build manifest`);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  sources.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

const APP_ENTRY = 'src/main.tsx';
const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function documentFor(page) {
  const { scripts, styles } = assetsOf([APP_ENTRY, ...(page?.modules ?? [])]);
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    // A page that hydrates on first use must not spend the visitor's bandwidth on the app before that.
    ...(page?.hydrate === 'interaction' ? [] : scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)),
  ];
  let html = template.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
  if (!page) return html;
  // React adopts these tags when it hydrates and replaces them when the visitor moves to another page.
  html = html.replace(/<title>[^<]*<\/title>/, page.head);
  if (page.hydrate === 'interaction') html = html.replace('<html ', '<html data-hydrate="interaction" ');
  return html.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const prerendered = [];
const queryDependent = [];
// Per path whose content follows one query parameter: the parameter and the file of each prerendered value.
const queryVariants = {};
for (const pagePath of prerenderPaths) {
  const page = await render(pagePath);
  if (page.status !== 200) throw new Error(`${pagePath} rendered with status ${page.status}`);
  const dir = pagePath === '/' ? '' : pagePath.slice(1);
  write(path.join(distDir, dir, 'index.html'), documentFor(page));
  prerendered.push(pagePath);
  if (page.queryDependent) queryDependent.push(pagePath);
  if (page.queryVariants) {
    const { param, values } = page.queryVariants;
    const files = {};
    for (const value of values) {
      const variant = await render(`${pagePath}?${new URLSearchParams({ [param]: value })}`);
      if (variant.status !== 200) throw new Error(`${pagePath}?${param}=${value} rendered with status ${variant.status}`);
      files[value] = path.posix.join(dir, `index.${param}-${value}.html`);
      write(path.join(distDir, files[value]), documentFor(variant));
    }
    queryVariants[pagePath] = { param, files };
  }
}
const notFound = await render(notFoundPath);
write(path.join(distDir, '404.html'), documentFor(notFound));
write(path.join(distDir, 'spa.html'), documentFor(undefined));
write(path.join(distDir, 'pages.json'), JSON.stringify({ prerendered, queryDependent, queryVariants, appRoutes: routePatterns() }, null, 2));
console.log(`prerendered ${prerendered.length} pages, 404.html and spa.html`);
