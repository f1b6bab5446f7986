// ESLint for code quality; the import directions of docs/architecture.md are checked by
// scripts/check-imports.mjs (npm run lint runs both). Promise, assertion, hooks and accessibility rules: decision 065.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/data/**', '.test-output/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // Each file is typed by the nearest tsconfig.json (one per workspace, bench and scripts). The three Vite and
        // Vitest configs sit beside no tsconfig.json of theirs: they get a default project with Node's types.
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/web/vite.config.ts', 'apps/web/vitest.config.ts'],
          defaultProject: 'apps/web/tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // React Router's navigate settles once the next page has loaded and never rejects (a failing page shows its
      // route's error element): nothing waits for it, so a bare navigate(...) is no floating promise.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A labelled region that scrolls sideways (the wide tables) takes the focus, so a keyboard can scroll it.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // Repos know Kysely, not Fastify.
    files: ['apps/server/src/modules/*/repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*'], message: 'repos know Kysely, not Fastify' }] }] },
  },
);
