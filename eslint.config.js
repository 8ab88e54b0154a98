import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One lint for every package: TypeScript rules everywhere, React hooks and accessibility on the web. */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Error handlers and the error-body mapper read what Fastify and libraries throw.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Every word a screen shows comes from the catalogue (docs/decisions/109-i18n.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [
              ['*', '{label,description,placeholder,title,error,message,caption,tooltip,alt}'],
            ],
          },
        },
      ],
    },
  },
  {
    // A refusal carries a catalogue key and its arguments, never English text: the error handler
    // writes it in the person's language (docs/decisions/136-errors-carry-a-key.md).
    files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.name=/^(badRequest|forbidden|notFound|conflict|unauthorized|tooMany\\w*)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
          "CallExpression[callee.name=/^(badRequest|forbidden|notFound|conflict|unauthorized|tooMany\\w*)$/][arguments.0.type='ConditionalExpression'][arguments.0.consequent.type=/^(Literal|TemplateLiteral)$/]",
          "NewExpression[callee.name='HttpError'][arguments.1.type=/^(Literal|TemplateLiteral)$/]",
        ].map((selector) => ({
          selector,
          message:
            "Throw a catalogue message, not text: badRequest(msg('msg.key', { … })) (docs/decisions/136-errors-carry-a-key.md).",
        })),
      ],
    },
  },
  {
    // The day a test runs on is chosen through the one clock, never by faking Date (docs/testing-dates.md).
    files: ['apps/server/test/**/*.ts', 'packages/domain/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'setSystemTime',
          message: 'Set the day with setClock or atNoon (docs/testing-dates.md).',
        },
        {
          object: 'vi',
          property: 'useFakeTimers',
          message: 'Set the day with setClock or atNoon (docs/testing-dates.md).',
        },
      ],
    },
  },
  {
    // A file or a function too long to read at once is split along its seams into named parts.
    files: [
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/domain/src/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'e2e/helpers/**/*.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 500 }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tests too, by their file's length: a long one is split along its describe blocks.
    files: ['apps/server/test/**/*.ts', 'packages/domain/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    // A describe callback holds its file's tests: long by nature.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Message catalogues are lists of words, one key a line, and generated files are written by
    // their script: neither is read as code.
    files: ['packages/domain/src/i18n/**', 'packages/domain/src/icons-data.ts'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    // Tables with a row per call of the contract (the role × call matrix, the fuzz test's cases):
    // kept whole, so a call without its row is one place to look (contract.test.ts checks both).
    files: ['apps/server/test/role-matrix.test.ts', 'apps/server/test/helpers/fuzz-cases.ts'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
);
