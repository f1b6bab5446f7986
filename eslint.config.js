// ESLint for code quality; the import directions of docs/architecture.md are checked by
// scripts/check-imports.mjs (npm run lint runs both).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/data/**', '.test-output/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Repos know Kysely, not Fastify.
    files: ['apps/server/src/modules/*/repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*'], message: 'repos know Kysely, not Fastify' }] }] },
  },
);
