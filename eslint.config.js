// Lint enforces the import directions of docs/architecture.md and STYLE.md, so they hold without goodwill.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const webFeatures = fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const serverModules = fs.readdirSync('apps/server/src/modules', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const zones = [
  // Packages never import the apps.
  { target: './packages', from: './apps', message: 'packages/* must not import from apps/*' },
  // The bridge engine stands alone: no other workspace code.
  { target: './packages/bridge', from: './packages/api', message: 'the bridge engine imports nothing from the repo' },
  // Web: app/ -> features/ -> components/, lib/. Features do not import each other.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'features do not import each other: compose them in app/ or move the shared piece to components/',
  })),
  { target: './apps/web/src/components', from: './apps/web/src/features', message: 'shared components must not import features' },
  { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/components'], message: 'lib/ is below features and components' },
  // Server: plugins never import modules; a module never reaches into another module's repo.
  { target: './apps/server/src/plugins', from: './apps/server/src/modules', message: 'plugins must not import modules' },
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: serverModules.filter((m) => m !== module).map((m) => `./apps/server/src/modules/${m}/repo.ts`),
    message: "another module's repo is off limits: call its service",
  })).filter((zone) => zone.from.length > 0),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '.test-output/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Repos know Kysely, not Fastify.
    files: ['apps/server/src/modules/*/repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*'], message: 'repos know Kysely, not Fastify' }] }] },
  },
);
