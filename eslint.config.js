import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '.bench-build/**',
      '**/node_modules/**',
      'data/**',
      // Written by openapi-typescript from the committed documents; checked by a test.
      'clients/typescript/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts the browser runs as they are (no build step): plain ES5-style scripts.
    files: ['assets/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'history',
          'fetch',
          'URL',
          'URLSearchParams',
          'FormData',
          'DOMParser',
          'EventSource',
          'ResizeObserver',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-var': 'off' },
  },
);
