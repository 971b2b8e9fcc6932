/**
 * The page's first chunk carries no three.js (issue #46 item 6): the setup screen comes up before
 * the renderer loads, with the scene (src/scene/Scene.tsx) imported lazily. Nor does it carry the
 * test seam (src/app/seam.ts, issue #63 item 4): only a page driven by a script loads it. Walked
 * here from the entry through every import that stays in the built code (a dynamic import()
 * starts a chunk of its own; a type-only import is erased); test/browser/first-chunk.test.ts
 * checks the same of the built page. `npm run perf` prints the first chunk's size.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { resolveImport } from '../../eslint/cycles';

const ENTRY = path.resolve('src/app/main.tsx');
const SEAM = path.resolve('src/app/seam.ts');
const RENDERER = /^(three|@react-three\/[^/]+)(\/|$)/;

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);

const resolve = (file: string, spec: string) =>
  resolveImport(file, spec, { has: ts.sys.fileExists });

/** The imports of a file that are kept in the built code, as written. */
function keptImports(file: string): string[] {
  const out: string[] = [];
  for (const node of parse(file).statements) {
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

/** The imports of a file that start a chunk of their own (`import('…')`), as written. */
function dynamicImports(file: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteral(node.arguments[0])
    )
      out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return out;
}

/**
 * The first chunk, walked from the entry through kept imports: each source file in it with the
 * chain that reaches it, and each package import as "a.ts → b.ts → package".
 */
function firstChunk(): { files: Map<string, string[]>; packages: string[] } {
  const files = new Map<string, string[]>([[ENTRY, []]]);
  const packages: string[] = [];
  const queue = [ENTRY];
  while (queue.length) {
    const file = queue.shift()!;
    const chain = [...files.get(file)!, path.relative('src', file)];
    for (const spec of keptImports(file)) {
      const next = resolve(file, spec);
      if (!next) packages.push([...chain, spec].join(' → '));
      else if (!files.has(next)) {
        files.set(next, chain);
        queue.push(next);
      }
    }
  }
  return { files, packages };
}

test('nothing the entry imports reaches three.js or react-three: the scene loads after the setup screen', () => {
  const renderer = firstChunk().packages.filter((chain) =>
    RENDERER.test(chain.split(' → ').at(-1)!),
  );
  expect(renderer).toEqual([]);
});

test('the walk sees a renderer import when there is one (the scene itself imports three)', () => {
  expect(keptImports(path.resolve('src/scene/Scene.tsx')).some((s) => RENDERER.test(s))).toBe(true);
});

test('the test seam is not in the first chunk: the entry loads it with import(), a chunk of its own', () => {
  const { files } = firstChunk();
  const chain = files.get(SEAM);
  expect(chain && [...chain, 'app/seam.ts'].join(' → ')).toBeUndefined();
  expect(dynamicImports(ENTRY).map((spec) => resolve(ENTRY, spec))).toContain(SEAM);
});
