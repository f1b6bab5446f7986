import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; optional?: boolean }>;
};
const packageName = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('a fresh install', () => {
  it('has a decision for every dependency with an install script, so npm install prints no warning about them', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([lockPath, entry]) => lockPath.includes('node_modules/') && entry.hasInstallScript)
      .map(([lockPath]) => packageName(lockPath));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = withScripts.filter((name) => !(name in (manifest.allowScripts ?? {})));
    expect(undecided).toEqual([]);
  });
});
