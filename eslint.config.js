import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
