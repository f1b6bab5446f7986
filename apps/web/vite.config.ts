import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverTarget = `http://127.0.0.1:${process.env.SERVER_PORT ?? 3000}`;

// The Host header is passed through unchanged (no changeOrigin) so the server's same-origin check
// sees the browser's Origin and Host agree.
const proxy = {
  '/api': { target: serverTarget },
  '/ws': { target: serverTarget, ws: true },
};

// The address prerendered pages are written for (the download page's QR code): the platform's PUBLIC_URL
// when the build is given one, as `npm start` does, else the server's default.
const publicOrigin = new URL(process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;

export default defineConfig({
  define: { 'import.meta.env.PUBLIC_ORIGIN': JSON.stringify(publicOrigin) },
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Read by scripts/prerender.mjs to put each page's stylesheets and scripts into its HTML.
    manifest: true,
  },
});
