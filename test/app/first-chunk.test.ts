/**
 * The page's first chunk carries no three.js (issue #46 item 6): the setup screen comes up before
 * the renderer loads, with the scene (src/scene/Scene.tsx) imported lazily. Walked here from the
 * entry through every import that stays in the built code (a dynamic import() starts a chunk of
 * its own; a type-only import is erased). `npm run perf` prints the first chunk's size.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { resolveImport } from '../../eslint/cycles';

const ENTRY = path.resolve('src/app/main.tsx');
const RENDERER = /^(three|@react-three\/[^/]+)(\/|$)/;

/** The imports of a file that are kept in the built code, as written. */
function keptImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const node of source.statements) {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const named = clause?.namedBindings;
        const onlyTypes =
          clause?.isTypeOnly ||
          (clause &&
            !clause.name &&
            named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly));
        if (onlyTypes) continue;
      } else if (node.isTypeOnly) continue;
      out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** Each import chain from the entry that reaches the renderer, as "a.ts → b.ts → three". */
function chainsToRenderer(): string[] {
  const via = new Map<string, string[]>([[ENTRY, []]]);
  const queue = [ENTRY];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    const chain = [...via.get(file)!, path.relative('src', file)];
    for (const spec of keptImports(file)) {
      if (RENDERER.test(spec)) found.push([...chain, spec].join(' → '));
      const next = resolveImport(file, spec, { has: ts.sys.fileExists });
      if (next && !via.has(next)) {
        via.set(next, chain);
        queue.push(next);
      }
    }
  }
  return found;
}

test('nothing the entry imports reaches three.js or react-three: the scene loads after the setup screen', () => {
  expect(chainsToRenderer()).toEqual([]);
});

test('the walk sees a renderer import when there is one (the scene itself imports three)', () => {
  expect(keptImports(path.resolve('src/scene/Scene.tsx')).some((s) => RENDERER.test(s))).toBe(true);
});
