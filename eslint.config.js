// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      '**/.test-data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/drizzle/**',
      'eslint.config.js',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Mantine and react-router patterns pass promises to onClick handlers on purpose.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Declaration merging (fastify decorators, vitest's provided context) only works with interfaces.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // Shared schemas take zod from src/zod.ts, which makes it safe under the page's CSP in a browser.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import `z` from the package's src/zod.ts (jitless in a browser)." },
          ],
        },
      ],
    },
  },
  {
    // Route files parse, call a service or a repository, and answer (docs/ARCHITECTURE.md, "Layers";
    // decision 041): they never open a transaction nor query the database themselves. dependency-cruiser
    // keeps db/, drizzle-orm and pg out of their imports; this catches `app.db.select(...)`,
    // `app.jobs.transaction(...)` and the like, which need no import.
    files: ['apps/api/src/modules/*/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A route file opens no transaction: it calls a service function that does.',
        },
        {
          selector: "CallExpression[callee.name='runInTransaction']",
          message: 'A route file opens no transaction: it calls a service function that does.',
        },
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.property.name='db']",
          message:
            'A route file does not query the database (`app.db.select(...)`): the query belongs in a repository, which the route calls with `app.db`.',
        },
        {
          selector: "VariableDeclarator > ObjectPattern > Property[key.name='db']",
          message:
            'A route file does not take the database apart: it passes `app.db` to a repository or a service.',
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's needs from its first parameter's pattern: a fixture that needs none
    // is written `async ({}, use) => ...`, the only place an empty pattern is meant.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Command-line tools and scripts talk to the terminal.
    files: ['scripts/**/*.ts', 'apps/api/src/cli/**/*.ts', 'bench/**/*.ts', '.ci/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
