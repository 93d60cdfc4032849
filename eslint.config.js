import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What a resource may not import of another (see the block that uses it). */
const betweenResources = [
  {
    group: ['../*/store.js', '../*/*-store.js'],
    allowTypeImports: true,
    message: 'Another resource’s store is its own: call that resource’s service.',
  },
  {
    group: ['../*/*-routes.js', '../*/*widget.js', '../*/index.js', '../*/live-source.js'],
    message: 'Another resource’s routes, widgets and index are its own.',
  },
];

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
    // Routes and widgets reach data through their resource's service, never its store.
    files: ['src/resources/**/*-routes.ts', 'src/resources/**/*widget.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./store.js', './*-store.js', '../*/store.js', '../*/*-store.js'],
              message: 'Routes and widgets call services; only services use a store.',
            },
          ],
        },
      ],
    },
  },
  {
    // A resource reaches another through its service (or its schema, examples and
    // presenter): another resource's store, routes, widgets and index are its own.
    files: ['src/resources/*/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: betweenResources }],
    },
  },
  {
    // Services and stores are the use cases and their queries, below HTTP: what they share
    // with routes lives in src/domain. Types (a list's page) are erased at build time.
    files: [
      'src/resources/*/service.ts',
      'src/resources/*/*-service.ts',
      'src/resources/*/store.ts',
      'src/resources/*/*-store.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...betweenResources,
            {
              group: ['../../http/*', '../../http/**'],
              allowTypeImports: true,
              message: 'Services and stores do not depend on HTTP: share the rule from src/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // A service writes through `writeTransaction`, which rebuilds derived state (stored
    // boards) before commit; a transaction opened by hand would skip that.
    files: ['src/resources/**/*.ts'],
    ignores: ['src/resources/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Write through writeTransaction (src/resources/transaction.ts).',
        },
      ],
    },
  },
  {
    // Pure rules: nothing that does I/O. Table types of src/db/schema.ts are erased at
    // build time, so type-only imports of them stay allowed.
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../db/*', '!../db/schema.js'],
              message: 'src/domain does no I/O: it may not import the database.',
            },
            {
              group: ['../db/schema.js'],
              allowTypeImports: true,
              message: 'src/domain takes only types from the table definitions.',
            },
            {
              group: [
                '../http/*',
                '../resources/*',
                '../live/*',
                '../cli/*',
                '../server.js',
                '../app.js',
              ],
              message: 'src/domain does no I/O: rules only, used by the layers above it.',
            },
          ],
          paths: [
            'kysely',
            'pg',
            'ioredis',
            '@electric-sql/pglite',
            'fastify',
            'node:fs',
            'node:fs/promises',
            'node:net',
            'node:http',
            'fs',
            'fs/promises',
          ].map((name) => ({
            name,
            message: 'src/domain does no I/O.',
          })),
        },
      ],
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
  {
    // The console's scripts are ES modules (`<script type="module">`), also without a build.
    files: ['assets/console/**/*.js'],
    languageOptions: { sourceType: 'module' },
  },
);
