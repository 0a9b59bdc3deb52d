import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * Import boundaries (DESIGN.md "Layout"), as `no-restricted-imports` regexes over the import's text. Imports
 * are relative, so what a `../` reaches depends on how deep the importing file sits: the web app's
 * feature rule has one block per depth inside a feature. Dynamic `import()` is not checked: the areas table
 * in src/app loads features that way, and only src/app may.
 */
const WEB = 'apps/web/src'
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const restrict = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})
/**
 * A rule for `files` whose code may not import src/app, though its tests may (they render the routes as the
 * app composes them). A later block's options replace an earlier one's, so the second block repeats the first.
 */
const restrictWithoutApp = (files, patterns, message) => [
  restrict(files, patterns),
  restrict(files, [...patterns, { regex: '(^|/)app/', message }], TESTS),
]

const NO_OTHER_FEATURE = 'A feature never imports another feature; share through src/project, src/ui or src/lib.'
/** A feature imports no other feature: features meet only in src/app. */
const featureZones = [0, 1, 2, 3, 4].flatMap((depth) =>
  restrictWithoutApp(
    [`${WEB}/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    [
      // Up to features/, then into a folder there: another feature.
      { regex: `^(\\.\\./){${depth + 1}}[^./]`, message: NO_OTHER_FEATURE },
      { regex: '(^|/)features/', message: NO_OTHER_FEATURE },
    ],
    'Features are composed in src/app; a feature does not import it.',
  ),
)

/** What src/db of the server may not reach: the platform, the catalog, the routes (layers above it). */
const SERVER_DB_ABOVE = {
  regex: '^(\\.\\./)+(pg-meta|platform|routes)(/|$)',
  message: 'src/db is below pg-meta/, platform/ and routes/: it imports none of them (DESIGN.md "Layout").',
}
const boundaries = [
  ...featureZones,
  ...restrictWithoutApp(
    [`${WEB}/project/**/*.{ts,tsx}`],
    [{ regex: '(^|/)features/', message: 'src/project is shared by every area: it imports no feature.' }],
    'src/project is shared by every area: it imports no part of src/app.',
  ),
  restrict(
    [`${WEB}/ui/**/*.{ts,tsx}`, `${WEB}/lib/**/*.{ts,tsx}`],
    [
      {
        regex: '(^|/)(features|project|app)/',
        message: 'src/ui and src/lib are the kit every part of the app uses: they import none of it.',
      },
    ],
  ),
  restrict(
    ['packages/**/*.ts'],
    [
      { regex: '(^|/)apps/', message: 'Packages are shared by the apps: they never import an app.' },
      {
        regex: '^@basalt/(web|server|e2e|bench)(/|$)',
        message: 'Packages are shared by the apps: they never import an app.',
      },
    ],
  ),
  restrict(['apps/server/src/db/**/*.ts'], [SERVER_DB_ABOVE]),
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...boundaries,
)
