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
);
