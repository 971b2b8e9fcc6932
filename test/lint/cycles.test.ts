/** The cycle rule (eslint/cycles.js): an import that leads back to its own module fails. */
import { Linter } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { afterAll, expect, test } from 'vitest';
import cycles from '../../eslint/cycles.js';

/** A project of its own: src/ with these files. */
const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
const files: Record<string, string> = {
  // a → b → c → a: a plain cycle of three.
  'src/a.ts': "import { b } from './b';\nexport const a = () => b;",
  'src/b.ts': "import { c } from './c';\nexport const b = () => c;",
  'src/c.ts': "import { a } from './a';\nexport const c = () => a;",
  // d uses a, but nothing leads back to d.
  'src/d.ts': "import { a } from './a';\nexport const d = a;",
  // Types only: game ↔ save, as a record and its saved form.
  'src/core/game.ts': "import type { Saved } from './save';\nexport type Game = { saved: Saved };",
  'src/core/save.ts': "import type { Game } from './game';\nexport type Saved = { game?: Game };",
  // A lazy import closes a cycle too; the directory's index is resolved.
  'src/ui/index.ts': "export { Hud } from './Hud';",
  'src/ui/Hud.tsx': "export const Hud = () => import('../app/App');",
  'src/app/App.tsx': "import { Hud } from '../ui';\nexport const App = Hud;",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const linter = new Linter({ cwd: root });
const config = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { cycles: { rules: { cycles } } },
    rules: { 'cycles/cycles': 'error' as const },
  },
];
const lint = (name: string) =>
  linter.verify(files[name], config, path.join(root, name)).map((m) => `${m.line}: ${m.message}`);

test('an import that leads back round is reported with the way back', () => {
  expect(lint('src/a.ts')).toEqual(['1: Import cycle: src/a.ts → src/b.ts → src/c.ts → src/a.ts.']);
  expect(lint('src/c.ts')).toEqual(['1: Import cycle: src/c.ts → src/a.ts → src/b.ts → src/c.ts.']);
});

test('a module that only uses a cycle is not part of it', () => {
  expect(lint('src/d.ts')).toEqual([]);
});

test('type-only imports count', () => {
  expect(lint('src/core/game.ts')).toEqual([
    '1: Import cycle: src/core/game.ts → src/core/save.ts → src/core/game.ts.',
  ]);
});

test('re-exports, directory indexes and lazy imports count', () => {
  expect(lint('src/ui/Hud.tsx')).toEqual([
    '1: Import cycle: src/ui/Hud.tsx → src/app/App.tsx → src/ui/index.ts → src/ui/Hud.tsx.',
  ]);
  expect(lint('src/ui/index.ts')).toHaveLength(1);
});

test('the file linted counts as it reads now (an edit not saved yet)', () => {
  // a.ts edited to import c directly: the way round is the edited one.
  const edited = "import { c } from './c';\nexport const a = () => c;";
  expect(linter.verify(edited, config, path.join(root, 'src/a.ts')).map((m) => m.message)).toEqual([
    'Import cycle: src/a.ts → src/c.ts → src/a.ts.',
  ]);
});
