#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies of the built web app's text files, so the server sends
// precompressed bytes (@fastify/static preCompressed) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name)) compress(file);
  }
}

function compress(file) {
  const source = fs.readFileSync(file);
  if (source.length < 512) return; // not worth a second request header's worth of bytes
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gzip = zlib.gzipSync(source, { level: 9 });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, gzip);
  files++;
  before += source.length;
  after += brotli.length;
}

walk(dir);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
