import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The console guard and the shared msw server (src/testing/setup.ts).
    setupFiles: ['src/testing/setup.ts'],
  },
});
