import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.cache/**',
      'dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/packs/de/support/**/*.xml',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // The elements' Lit templates and custom elements: bindings, element definitions and accessibility.
    files: ['components/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  { files: ['components/**/*.ts'], ...wc.configs['flat/recommended'] },
  { files: ['components/**/*.ts'], ...litA11y.configs.recommended },
  {
    // Tests may treat untyped JSON replies loosely; the product code may not.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', 'tests/components/**', 'components/**', 'bff/public/**', 'demo/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        customElements: 'readonly',
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        HTMLElement: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
