import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const root = new URL('../', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

interface PackageJson {
  name: string;
  private: boolean;
  type: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const pkg = readJson('package.json') as PackageJson;
const EXACT = /^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d+\.\d+\.\d+(-[\w.]+)?$/;

describe('project skeleton', () => {
  test('package.json describes a private ES-module package', () => {
    expect(pkg.name).toBe('n-dimensional-chess');
    expect(pkg.private).toBe(true);
    expect(pkg.type).toBe('module');
  });

  test.each(Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }))(
    '%s is pinned to an exact version (%s)',
    (_name, version) => {
      expect(version).toMatch(EXACT);
    },
  );

  test('package-lock.json installs exactly the pinned versions', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version: string; name?: string }>;
    };
    for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked, `${name} is missing from package-lock.json`).toBeDefined();
      expect(locked?.version).toBe(spec.replace(/^npm:.*@/, ''));
    }
  });

  test('test script chains typecheck, lint, vitest and the browser tests', () => {
    expect(pkg.scripts.test).toBe(
      'npm run typecheck && npm run lint && vitest run && npm run test:browser',
    );
    expect(pkg.scripts.typecheck).toContain('-p src/core/tsconfig.json');
  });

  test('the rules core is compiled without DOM types', () => {
    const core = readJson('src/core/tsconfig.json') as {
      compilerOptions: { lib: string[]; types: string[] };
    };
    expect(core.compilerOptions.lib.map((l) => l.toLowerCase())).not.toContain('dom');
    expect(core.compilerOptions.types).toEqual([]);
  });
});
