import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import cycles from './eslint/cycles.js';
import layers from './eslint/layers.js';

const coreMessage = 'src/core is pure TypeScript: no UI, rendering or store libraries.';

export default defineConfig(
  globalIgnores(['dist/', 'dist-perf/', 'node_modules/', 'coverage/', 'docs/', 'test-results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Imports follow the layers (eslint/layers.js); outside the core, only its index.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts'],
    plugins: { ndchess: { rules: { layers } } },
    rules: { 'ndchess/layers': 'error' },
  },
  {
    // No import cycles in src/, type-only and dynamic imports included (eslint/cycles.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { cycles: { rules: { cycles } } },
    rules: { 'cycles/cycles': 'error' },
  },
  {
    // The position's storage (typed arrays, scalar slots) stays inside the core: the layers
    // above read it through the accessors of the core's index (issue #10).
    files: ['src/{text,store,scene,ui,demo,app}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['squares', 'seatOwner', 'scalars', 'unplaced', 'fleeing', 'castle'].map((property) => ({
          property,
          message: `Position.${property} is the core's storage: use its accessors (pos.pieceAt, ownerAt, boardPlayers, isLive, playerState, …).`,
        })),
      ],
    },
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'three', 'zustand'].map((name) => ({
            name,
            message: coreMessage,
          })),
          patterns: [
            {
              group: ['react/*', 'react-dom/*', 'three/*', '@react-three/*', 'zustand/*'],
              message: coreMessage,
            },
          ],
        },
      ],
    },
  },
  prettier,
);
