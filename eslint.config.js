// Type-aware lint for every package; zero warnings allowed (npm run lint).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      'data/**',
      'packages/web/android/**',
      'packages/web/ios/**',
      'packages/server/drizzle/**',
      // Import graphs for the layering rules' own check, not code.
      'scripts/layers-fixture/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The chat screens' first load carries no zod: the empty abilities come from their own module.
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@stoop/shared$',
              importNamePattern: '^NO_\\w+_ABILITIES$',
              message: "Import the empty abilities from '@stoop/shared/no-abilities', which holds no schema.",
            },
          ],
        },
      ],
    },
  },
  {
    // One way to publish after commit: a service opens a transaction only through inTransaction
    // (src/transaction.ts), which holds the events back until the commit. db/ and repos (a send
    // batch) may open their own, which publish nothing.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/transaction.ts',
      'packages/server/src/db/**',
      'packages/server/src/**/repo.ts',
      'packages/server/src/**/repo/**',
      'packages/server/src/test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Open a transaction with inTransaction (src/transaction.ts): its events are published only after commit.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
