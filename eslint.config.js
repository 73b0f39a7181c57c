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
  {
    // Only main and preload may import electron: everything else runs under plain Node.
    files: ['electron/core/**', 'electron/sandbox/**', 'electron/web/**', 'electron/contract.ts', 'src/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // What the page loads ships no validation library: it takes the contract's types and constants
    // from contract-types.ts, never the schemas of contract.ts.
    files: ['src/**', 'electron/web/client.ts', 'electron/contract-types.ts', 'electron/contract-records.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'zod'],
          patterns: [
            { regex: '(^|/)contract$', message: 'Import from contract-types (no zod in the page).' },
          ],
        },
      ],
    },
  },
);
