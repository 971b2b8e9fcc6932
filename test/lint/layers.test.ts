/** The layer rule (eslint/layers.js): imports against the arrows, and core internals, fail. */
import { RuleTester } from 'eslint';
import path from 'node:path';
import { describe, it } from 'vitest';
import layers from '../../eslint/layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(__dirname, '../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('layers', layers, {
  valid: [
    { filename: at('src/store/store.ts'), code: "import { Game } from '../core';" },
    { filename: at('src/store/slices/record.ts'), code: "import { Game } from '../../core';" },
    { filename: at('src/ui/Hud.tsx'), code: "import { listOf } from '../text';" },
    { filename: at('src/demo/director.ts'), code: "import { setTimeScale } from '../scene/fx';" },
    { filename: at('src/app/main.tsx'), code: "import { startDemo } from '../demo/director';" },
    { filename: at('src/core/game.ts'), code: "import { Position } from './position';" },
    { filename: at('src/cli/main.ts'), code: "import { chooseAction } from '../ai/bot';" },
    { filename: at('src/ui/RulesPage.tsx'), code: "import rules from '../../docs/RULES.md?raw';" },
    { filename: at('src/ai/client.ts'), code: "const w = () => import('./worker');" },
    { filename: at('src/net/protocol.ts'), code: "import { Game } from '../core';" },
    { filename: at('src/store/source.ts'), code: "import { MSG } from '../net';" },
    { filename: at('src/server/room.ts'), code: "import { MSG } from '../net';" },
    { filename: at('src/server/bots.ts'), code: "import { BotHost } from '../ai/protocol';" },
    { filename: at('bench/online.ts'), code: "import { startServer } from '../src/server';" },
    // The tutorial's lessons: over core and text, used by ui (and demo, app).
    { filename: at('src/tutorial/lessons.ts'), code: "import { Game } from '../core';" },
    { filename: at('src/tutorial/lessons.ts'), code: "import { listOf } from '../text';" },
    { filename: at('src/ui/Tutorial.tsx'), code: "import { LESSONS } from '../tutorial/lessons';" },
    { filename: at('src/app/App.tsx'), code: "import { LESSONS } from '../tutorial/lessons';" },
    // Tests may import what they test.
    {
      filename: at('test/core/x.test.ts'),
      code: "import { S_PLY } from '../../src/core/position';",
    },
  ],
  invalid: [
    {
      filename: at('src/tutorial/lessons.ts'),
      code: "import { useGame } from '../store/store';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/tutorial/lessons.ts'),
      code: "import { Hud } from '../ui/Hud';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/store/store.ts'),
      code: "import { LESSONS } from '../tutorial/lessons';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/tutorial/lesson.ts'),
      code: "import { Game } from '../core/game';",
      errors: [{ messageId: 'coreIndex' }],
    },
    {
      filename: at('src/store/store.ts'),
      code: "import { captionsOf } from '../ui/captions';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/ui/Hud.tsx'),
      code: "import { useDemo } from '../demo/state';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/ui/Hud.tsx'),
      code: "import { fx } from '../scene/fx';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/demo/director.ts'),
      code: "export { main } from '../app/main';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/text/captions.ts'),
      code: "const s = import('../store/store');",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/cli/main.ts'),
      code: "import { useGame } from '../store/store';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('bench/index.ts'),
      code: "import { newGame } from '../src/cli/playout';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/net/protocol.ts'),
      code: "import { chooseAction } from '../ai/bot';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/server/room.ts'),
      code: "import { useGame } from '../store/store';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/ui/Hud.tsx'),
      code: "import { MSG } from '../net';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/store/source.ts'),
      code: "import { GameRoom } from '../server/room';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: at('src/scene/components/Pieces.tsx'),
      code: "import { S_PLY } from '../../core/position';",
      errors: [{ messageId: 'coreIndex' }],
    },
    {
      filename: at('src/ai/search.ts'),
      code: "export * from '../core/position';",
      errors: [{ messageId: 'coreIndex' }],
    },
  ],
});
