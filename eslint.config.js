import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/*.tmp.ts',
      '**/node_modules',
      '**/dist',
      'var',
      '.tsbuild',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/data/*', '**/data'], message: 'ui/ must not import data/' }] },
      ],
    },
  },
  {
    // ui/ is presentational only; everything else in the web app may use data/.
    files: ['apps/web/src/!(ui)/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
