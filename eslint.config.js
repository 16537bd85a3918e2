// ESLint for the whole tree (decision 195), in the Epic Stack's shape: typescript-eslint with the
// type checker, React, the rules of hooks, accessibility, import rules, and Prettier's config last
// so no rule argues with the formatter. `npx eslint . --max-warnings 0` in `npm test`.
// Globs only: a file added anywhere is judged by the same rules.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx'];
const JS = ['**/*.js', '**/*.mjs', '**/*.cjs'];
// The scale test (scripts/test-scale.ts) is a test run by a script of its own; a machine's browser
// binding (`<machine-id>.paths.ts`, beside the screen that shows it) is a test the path runner loads.
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.paths.ts', 'tests/**', 'scripts/test-*.ts'];

export default tseslint.config(
  {
    // Generated, vendored or data (as .prettierignore), and what tests and builds leave behind.
    ignores: ['build/**', 'data/**', 'paths/**', 'public/**', 'tests/.tmp/**', 'test-results/**', 'playwright-report/**', '.cache/**', 'app/db/migrations/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS })),
  {
    files: TS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react },
    settings: { react: { version: 'detect' } },
    rules: { ...react.configs.flat.recommended.rules, ...react.configs.flat['jsx-runtime'].rules },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.tsx'],
    rules: {
      // A scrolling <pre> takes focus so a keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel'], allowExpressionValues: true }],
    },
  },
  {
    files: [...TS, ...JS],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [...TS, ...JS],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [] },
    rules: {
      'import-x/no-duplicates': 'warn',
      'import-x/first': 'warn',
      'import-x/no-self-import': 'error',
      'import-x/no-mutable-exports': 'error',
    },
  },
  {
    files: TS,
    rules: {
      // An async function without await is how a promise-returning contract is written here
      // (loaders and actions, XState `fromPromise` actors, adapters behind a Promise interface):
      // dropping `async` would turn a thrown error into a synchronous throw at the caller.
      '@typescript-eslint/require-await': 'off',
      // Its fixes removed assertions that carry a type (XState's \`input: {} as T\`, a union of
      // Drizzle tables, a dynamic import's \`as string\` specifier): its reports cannot be trusted
      // unchecked. The redundant assertions it found when it was introduced were removed.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Remix answers a request by throwing a Response (`redirect`, `data`, `new Response`).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: ['TypedResponse'] },
            { from: 'package', package: '@remix-run/router', name: ['DataWithResponseInit', 'UNSAFE_DataWithResponseInit'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['warn', { args: 'after-used', argsIgnorePattern: '^_', ignoreRestSiblings: true, varsIgnorePattern: '^_' }],
      // \`typeof import('…')\` stays allowed: tests type modules they import after setting the environment.
      '@typescript-eslint/consistent-type-imports': ['warn', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Tests read answers as JSON and compare them with Vitest's asymmetric matchers
    // (\`expect.any(…)\`), both typed \`any\`: the assertion itself fails on a wrong shape.
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // The app never imports tests (the Epic Stack's rule); scripts and the bench may share test helpers.
    files: ['app/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/*.test', '**/*.test.*', '**/tests/**'], message: 'Source files do not import tests.' }] }],
    },
  },
  prettier,
);
