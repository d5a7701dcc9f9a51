import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web boundaries (issue 10 point 6). shell/ is the app (router, layout, menus); kit/ and components/ are what
// every feature may use, features/device-common is the device toolkit. A feature imports its own folder, the
// kit, components, the device toolkit, api/, i18n/ and @heliograph/shared; another feature only through that
// feature's index.ts (what it offers others), never a file inside it; nothing below the app imports the app.
const NO_APP = {
  regex: String.raw`^(\.\./)+shell(/|$)`,
  message: 'shell/ is the app (router, layout, menus); import the helper from kit/ or components/ instead.',
};
const NO_FEATURE = {
  regex: String.raw`^(\.\./)+features(/|$)`,
  message: 'kit/ and components/ sit below the features; move what both need down here instead.',
};
/** `up` is how many `../` lead from the file to features/. */
function noOtherFeatureInternals(up) {
  return {
    regex: String.raw`^(\.\./){${up}}(?!device-common/)[a-z][a-z0-9-]*/`,
    message:
      "Another feature's files are its own: import what it offers from its index.ts (`../<feature>`), " +
      'or move the shared piece into features/device-common, components/ or kit/.',
  };
}
/** The device toolkit is below the device features, so it names none of them, not even by index. */
const TOOLKIT_NO_FEATURE = {
  regex: String.raw`^\.\./(?!device-common(/|$))[a-z][a-z0-9-]*(/|$)`,
  message: 'features/device-common is the toolkit the device features share; it imports none of them.',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const webBoundaries = [
  { files: ['apps/web/src/features/*/*.{ts,tsx}'], rules: restrict(NO_APP, noOtherFeatureInternals(1)) },
  { files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'], rules: restrict(NO_APP, noOtherFeatureInternals(2)) },
  {
    files: ['apps/web/src/features/device-common/**/*.{ts,tsx}'],
    rules: restrict(NO_APP, noOtherFeatureInternals(1), TOOLKIT_NO_FEATURE),
  },
  { files: ['apps/web/src/{kit,components}/**/*.{ts,tsx}'], rules: restrict(NO_APP, NO_FEATURE) },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data*/**',
      'test-results/**',
      'playwright-report/**',
      '**/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A module's routes.ts is its HTTP surface, not a library: what another module needs lives in a file named
    // for what it holds (commands/outcome.ts, gateways/import-answer.ts, http/params.ts …).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/routes.js', '../*/routes/*'],
              message: "Import the helper from the file of the module that owns it, not from another module's routes.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webBoundaries,
);
