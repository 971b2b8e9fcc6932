/**
 * The README and docs/ stay true to the repository: every npm command the README shows exists,
 * every repository path it names exists, and every relative link of the README and docs/ leads
 * to a file that exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
/** npm's own commands the README may show. */
const NPM_BUILTINS = ['ci', 'install', 'test', 'start'];

describe('README', () => {
  test('is short enough for a newcomer (at most 200 lines)', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  test('every npm command it shows exists', () => {
    const commands = [...readme.matchAll(/npm (?:run (?:--silent )?)?([a-z][\w:-]*)/g)].map(
      (m) => m[0],
    );
    expect(commands.length).toBeGreaterThan(3);
    const missing = commands.filter((c) => {
      const run = /npm run (?:--silent )?([\w:-]+)/.exec(c);
      return run ? !scripts.includes(run[1]) : !NPM_BUILTINS.includes(c.split(' ')[1]);
    });
    expect(missing).toEqual([]);
  });

  test('the two fresh-machine commands are there as written', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  test('every repository path it names in code spans exists', () => {
    const paths = [...readme.matchAll(/`((?:src|test|bench|scripts|docs|perf)\/[\w./-]*)`/g)].map(
      (m) => m[1],
    );
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});

describe('relative links', () => {
  const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  test.each(pages)('%s', (page) => {
    const links = [...read(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((href) => !/^[a-z]+:/.test(href));
    expect(links.filter((href) => !existsSync(join(root, dirname(page), href)))).toEqual([]);
  });
});
