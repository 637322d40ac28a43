// @ts-check
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * bulletproof-react's unidirectional client architecture: shared code (components, lib, config,
 * utils) → features → app. A feature never imports another feature; the app composes them.
 */
const features = readdirSync(new URL('./src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientArchitectureZones = [
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features never import each other: compose them in src/client/app.',
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'Features do not import the app layer.',
  },
  ...['components', 'lib', 'config', 'utils'].map((dir) => ({
    target: `./src/client/${dir}`,
    from: ['./src/client/features', './src/client/app'],
    message: 'Shared client code does not import features or the app layer.',
  })),
];

/** Imports into another root, or three folders up, use the package's aliases (#shared, #server, #client). */
const noDeepRelative = {
  regex: '^(\\.\\./){3,}',
  message: 'Import through #shared/, #server/ or #client/ instead of climbing three folders.',
};

/** Browser code builds schemas through the jitless zod (see src/shared/schemas/zod.ts). */
const jitlessZod = {
  name: 'zod',
  message: 'Import z from src/shared/schemas/zod.ts (jitless: the CSP forbids eval).',
  allowTypeImports: true,
};

/**
 * The call registry holds every call's schema: outside the staff panel the client imports it for
 * types only (api-client.ts's `callApi` and friends), so none of it reaches the public pages.
 */
const CALLS_TYPES_ONLY =
  'Import the call registry with `import type` here: its schemas would ship to the public pages. Call by name through #client/lib/api-client.ts.';
const callsTypesOnly = {
  name: '#shared/calls.ts',
  message: CALLS_TYPES_ONLY,
  allowTypeImports: true,
};
const relativeCallsTypesOnly = {
  regex: '^(\\.\\./)+shared/calls(\\.ts)?$',
  message: CALLS_TYPES_ONLY,
  allowTypeImports: true,
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'screenshots/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Our rules are about our own modules; parsing packages' bundles (PGlite's overflows the
      // parser's stack) only costs time.
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // Imports flow client → shared ← server, never across, never in a circle.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client',
              from: './src/server',
              message: 'The client may import src/shared only.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server may import src/shared only.',
            },
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'src/shared depends on nothing of ours.',
            },
            ...clientArchitectureZones,
          ],
        },
      ],
      'import-x/no-cycle': 'error',
      'no-restricted-imports': ['error', { patterns: [noDeepRelative] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` still loads the module (verbatimModuleSyntax): only
      // `import type { X }` keeps a module such as the call registry out of a bundle.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      'src/server/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser code and shared schemas build schemas through the jitless zod (see schemas/zod.ts).
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['src/shared/schemas/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [jitlessZod], patterns: [noDeepRelative] }],
    },
  },
  {
    // The same rule for client code outside the staff panel, plus the registry for types only.
    // (A later block's options replace an earlier one's for the same files: hence all three.)
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      'src/client/lib/staff/**',
      'src/client/components/staff/**',
      'src/client/features/admin-*/**',
      'src/client/app/routes/admin/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [jitlessZod, callsTypesOnly],
          patterns: [noDeepRelative, relativeCallsTypesOnly],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // An update or delete without a where clause touches every row: never on purpose.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/client/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
