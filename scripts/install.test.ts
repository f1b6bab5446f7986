import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean; engines?: { node?: string } | string[] }>;
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

  it('runs on the oldest Node.js the README names: every installed package declares it, so npm install warns of no engine', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Needs Node.js 20.19 or newer');
    const refusing = Object.entries(lock.packages)
      .filter(([lockPath]) => lockPath.includes('node_modules/'))
      .flatMap(([lockPath, entry]) => {
        const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return wanted && !semver.satisfies(oldest, wanted) ? [`${packageName(lockPath)}@${entry.version} needs node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
