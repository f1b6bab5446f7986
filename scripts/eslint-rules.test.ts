import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each rule eslint.config.js adds (decision 065) reports a seeded violation, linted with the repository's own
// config, and nothing once the violation is mended. The typed rules read the program of the file's tsconfig, which
// lists the files on disk: the seeds are written where the rules apply, for the length of this file, under names
// no build, glob or test picks up.

const root = path.resolve(import.meta.dirname, '..');
const seedName = `lint-seed-${process.pid}`;

const hookSeed = (body: string) => `import { useState } from 'react';\nexport function Score({ shown }: { shown: boolean }) {\n${body}}\n`;

/** Each seed: a folder where the rule applies, a file extension, the violation, and the same code mended. */
const seeds = [
  {
    rule: '@typescript-eslint/no-floating-promises',
    where: 'apps/web/src',
    ext: 'ts',
    bad: 'async function save(): Promise<void> {}\nexport function onSave(): void {\n  save();\n}\n',
    good: 'async function save(): Promise<void> {}\nexport function onSave(): void {\n  void save();\n}\n',
  },
  {
    rule: '@typescript-eslint/no-floating-promises',
    where: 'scripts',
    ext: 'ts',
    bad: 'async function main(): Promise<void> {}\nmain();\n',
    good: 'async function main(): Promise<void> {}\nawait main();\n',
  },
  {
    rule: '@typescript-eslint/no-misused-promises',
    where: 'apps/web/src',
    ext: 'tsx',
    bad: 'async function save(): Promise<void> {}\nexport const Save = () => <button onClick={save}>Save</button>;\n',
    good: 'async function save(): Promise<void> {}\nexport const Save = () => <button onClick={() => void save()}>Save</button>;\n',
  },
  {
    rule: '@typescript-eslint/no-unnecessary-type-assertion',
    where: 'apps/server/src',
    ext: 'ts',
    bad: "const name: string = 'North';\nexport const upper = (name as string).toUpperCase();\n",
    good: "const name: string = 'North';\nexport const upper = name.toUpperCase();\n",
  },
  {
    rule: 'react-hooks/rules-of-hooks',
    where: 'apps/web/src',
    ext: 'tsx',
    bad: hookSeed('  if (!shown) return null;\n  const [score] = useState(0);\n  return <p>{score}</p>;\n'),
    good: hookSeed('  const [score] = useState(0);\n  return shown ? <p>{score}</p> : null;\n'),
  },
  {
    rule: 'jsx-a11y-x/alt-text',
    where: 'apps/web/src',
    ext: 'tsx',
    bad: 'export const Logo = () => <img src="/logo.svg" />;\n',
    good: 'export const Logo = () => <img src="/logo.svg" alt="Bridge" />;\n',
  },
].flatMap((seed, i) => [
  { ...seed, file: `${seed.where}/${seedName}-${i}-bad.${seed.ext}`, text: seed.bad, expected: [seed.rule] },
  { ...seed, file: `${seed.where}/${seedName}-${i}-mended.${seed.ext}`, text: seed.good, expected: [] },
]);

const removeSeeds = () => {
  for (const seed of seeds) fs.rmSync(path.join(root, seed.file), { force: true });
};
let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  for (const seed of seeds) fs.writeFileSync(path.join(root, seed.file), seed.text);
  try {
    // One run for all: each tsconfig's program is built once.
    const linted = await new ESLint({ cwd: root }).lintFiles(seeds.map((seed) => seed.file));
    results = new Map(linted.map((result) => [path.relative(root, result.filePath).split(path.sep).join('/'), result]));
  } finally {
    removeSeeds();
  }
}, 300_000);
afterAll(removeSeeds);

describe('eslint.config.js', () => {
  it.each(seeds)('$rule: $file reports $expected', ({ file, expected }) => {
    const messages = results.get(file)?.messages ?? [];
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.map((m) => m.ruleId)).toEqual(expected);
  });
});
