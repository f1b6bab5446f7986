#!/usr/bin/env node
// Development: the server restarts on change (port 3000) and Vite serves the web app with hot reload on
// port 5173, proxying /api and /ws to the server. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  // The video signalling process is forked by path, not imported, so its modules are watched by name.
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--include', 'apps/server/src/modules/video/**', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
