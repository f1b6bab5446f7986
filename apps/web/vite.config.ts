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

export default defineConfig({
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
