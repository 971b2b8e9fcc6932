/**
 * No import cycles in src/ (issue #46): a module never reaches itself through its imports. Every
 * import counts, type-only and dynamic ones too (a type cycle is a tangle of responsibilities
 * all the same). The graph of src/ is read with TypeScript's import scanner; an import is reported when its module lies in the same strongly connected
 * component as the importing file, with the way back round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's own module `spec` imported from `from` (one of `files`: anything that answers
 * `has`), or null (a package).
 */
export function resolveImport(from, spec, files) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (files.has(candidate)) return candidate;
  return null;
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Tarjan's strongly connected components: a map from each file in a cycle to its component. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const of = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set();
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.add(w);
    } while (w !== v);
    if (component.size > 1 || graph.get(v).has(v)) for (const f of component) of.set(f, component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return of;
}

/** The files a module's text imports (of the project's own `files`). */
function importsOf(file, text, files) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return new Set(importedFiles.map((i) => resolveImport(file, i.fileName, files)).filter(Boolean));
}

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

/** The graph of each source tree read so far, with its cycles. */
const cache = new Map();

/**
 * The graph of the tree `dir`, read again whenever the file being linted (`file`, as it reads
 * now) is new to it or imports other modules than it says: a run of the command line reads it
 * once, an editor again after an edit that changes the imports.
 */
function graphOf(dir, file, text) {
  const cached = cache.get(dir);
  if (
    cached?.graph.has(file) &&
    sameSet(cached.graph.get(file), importsOf(file, text, cached.graph))
  )
    return cached;
  const files = sourceFiles(dir);
  const known = new Set(files);
  const read = (f) => (f === file ? text : readFileSync(f, 'utf8'));
  const graph = new Map(files.map((f) => [f, importsOf(f, read(f), known)]));
  const entry = { graph, cycles: components(graph) };
  cache.set(dir, entry);
  return entry;
}

/** The shortest way from `start` back to `goal` inside one component (breadth first). */
function wayBack(graph, component, start, goal) {
  const before = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    if (v === goal) break;
    for (const w of graph.get(v))
      if (component.has(w) && !before.has(w)) {
        before.set(w, v);
        queue.push(w);
      }
  }
  const way = [];
  for (let v = goal; v !== null && v !== undefined; v = before.get(v)) way.unshift(v);
  return way;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycles in src/ (type-only and dynamic imports count)' },
    messages: { cycle: 'Import cycle: {{way}}.' },
    schema: [],
  },
  create(context) {
    const root = path.join(context.cwd, 'src');
    const file = context.filename;
    if (!file.startsWith(root + path.sep)) return {};
    const { graph, cycles } = graphOf(root, file, context.sourceCode.text);
    const component = cycles.get(file);
    if (!component) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value, graph);
      if (!target || !component.has(target)) return;
      const way = [file, ...wayBack(graph, component, target, file)]
        .map((f) => path.relative(context.cwd, f))
        .join(' → ');
      context.report({ node, messageId: 'cycle', data: { way } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
