import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default ts.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'bench-results/', '.cache/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  // Process boundaries: the folder says which process runs the code.
  //   electron/shared  every process (no Node, DOM or Electron)    electron/core     the core process (Node)
  //   electron/main    Electron's main process                     electron/preload  the preload
  //   electron/web     the browser bridge (Node)                   electron/node     Node helpers of both hosts
  //   electron/sandbox the built-in service (stands for another party: imports nothing of the app)
  //   src              the renderer (browser)
  {
    // Only main and preload may import electron: everything else runs under plain Node or in the page.
    files: ['electron/core/**', 'electron/web/**', 'electron/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            {
              group: ['**/main/*', '**/preload/*', '**/src/*'],
              message: 'The core and the bridge never import the window or the shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            { group: ['node:*'], message: 'electron/shared runs in every process: no Node imports.' },
            { group: ['../*'], message: 'electron/shared imports only itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            {
              group: ['../*'],
              message: 'The sandbox stands for another service: it imports nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the page loads ships no validation library: it takes the contract's types from contract.ts
    // with `import type` (erased at build) and its runtime values from the zod-free
    // contract-values.ts; and it reaches the core only through the bridge.
    files: ['src/**', 'electron/web/client.ts', 'electron/web/wire.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'zod'],
          patterns: [
            {
              regex: '(^|/)shared/contract(-schemas)?$',
              allowTypeImports: true,
              message: 'Import the contract with `import type`; values come from contract-values.',
            },
            {
              group: [
                '**/electron/core/*',
                '**/electron/main/*',
                '**/electron/preload/*',
                '**/electron/node/*',
                '**/electron/sandbox/*',
                'node:*',
              ],
              message: 'The page reaches the core only through the bridge.',
            },
          ],
        },
      ],
      // `import { type A }` keeps an import of the module at run time (verbatimModuleSyntax): only
      // `import type { A }` is erased, so the page must use that form.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // The modules the page loads at run time from electron/shared stay free of the validation library.
    files: [
      'electron/shared/contract-values.ts',
      'electron/shared/contract-records.ts',
      'electron/shared/contract-events.ts',
      'electron/shared/labels.ts',
      'electron/shared/ids.ts',
      'electron/shared/rpc.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'zod'],
          patterns: [
            { group: ['node:*'], message: 'electron/shared runs in every process: no Node imports.' },
            { group: ['../*'], message: 'electron/shared imports only itself.' },
            { regex: '(^|/)contract$', message: 'The page loads this module: it cannot import the schemas.' },
          ],
        },
      ],
    },
  },
);
