// Lint: typed TypeScript rules, React hooks, no cycles, and the one-way imports of design.md:
// routes -> features -> data -> sync; ui/ and lib/ know nothing of the app; sync/ imports no React
// and nothing from src/; server/ imports nothing from src/ or sync/; supabase/functions import
// nothing outside supabase/, and the app only their pure modules in _shared/portable/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'node_modules',
      'coverage',
      '.data',
      '.test-data',
      'test-results',
      'playwright-report',
      'bench/results',
      'src/routeTree.gen.ts',
      'public',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/features', './src/routes', 'features must not import routes'),
            zone('./src/data', ['./src/routes', './src/features'], 'data hooks must not import routes or features'),
            zone('./src/ui', ['./src/routes', './src/features', './src/data'], 'ui/ knows nothing of the app'),
            zone(
              './src/lib',
              ['./src/routes', './src/features', './src/data', './src/ui'],
              'lib/ knows nothing of the app',
            ),
            zone('./src/routes', './sync', 'routes reach sync/ only through src/data'),
            zone('./src/features', './sync', 'features reach sync/ only through src/data'),
            zone('./sync', ['./src', './server'], 'sync/ imports nothing from src/ or server/'),
            zone('./server', ['./src', './sync'], 'server/ reaches the app only over HTTP'),
            zone('./src', './server', 'the app reaches the backend only over HTTP'),
            {
              target: ['./src', './sync'],
              from: './supabase/functions',
              except: ['./_shared/portable'],
              message:
                'the app shares only the pure modules of supabase/functions/_shared/portable/ with the functions',
            },
            zone(
              './supabase/functions',
              ['./src', './sync', './server', './scripts'],
              'functions import nothing outside supabase/',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/**'],
    rules: {
      // Features do not import each other; routes combine them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^.]', message: 'features must not import other features' },
            { regex: '/features/', message: 'features must not import other features' },
          ],
        },
      ],
    },
  },
  {
    files: ['sync/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom'], patterns: ['@tanstack/react-*'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tools that demand a default export.
    files: ['*.config.{ts,js}', 'supabase/functions/**/index.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    // Command-line scripts and tests may print.
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
