// Lint rules, including the house's import boundaries (docs/architecture.md, "Rules of the house").
import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import playwright from 'eslint-plugin-playwright';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features') : [];

/** Query-builder calls that reach the database; only repositories (and the places listed below) make them. */
const DB_CALLS = /^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/;

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type information from each workspace's tsconfig (one TypeScript program per project, shared by files).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads a module's imports only from files it may parse: without these it skips every .ts file and
      // no-cycle finds nothing (checked: a two-file cycle went unreported until they were set).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      // Type-aware rules: the promise rules of recommendedTypeChecked only. The whole set was tried: its
      // no-unsafe-* family floods on every `any` from JSON.parse and untyped libraries (strict tsconfig and the
      // contract's schemas already guard those edges), require-await flags async functions that satisfy a
      // Promise-returning interface, and each further typed rule adds to a run that already builds one
      // TypeScript program per workspace on 2 shared cores.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Cycles between modules (a cycle makes load order matter and layers meaningless).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Plain JavaScript (config, scripts, the service worker) is in no tsconfig: lint it without types.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The contract is pure: it depends on nothing of ours and on no runtime but zod.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@camwatch/server', '@camwatch/server/*', '**/server/**'],
              message: 'contract must not depend on the server',
            },
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'contract is pure and runs in the browser too',
            },
          ],
        },
      ],
    },
  },
  {
    // Nothing imports a route; routes do not reach past services into repositories or SQL.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/app.ts', 'server/src/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.routes', '**/*.routes.ts'], message: 'only app.ts registers routes' }] },
      ],
    },
  },
  {
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.routes', '**/*.routes.ts'], message: 'only app.ts registers routes' },
            {
              group: ['**/*.repository', '**/*.repository.ts', 'kysely', '**/db/*'],
              message: 'routes call services, not the database',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.routes', '**/*.routes.ts'], message: 'services never import routes' },
            { group: ['fastify'], message: 'services are HTTP-free' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser never loads zod (docs/architecture.md "Bundle"): from the contract it takes the generated routes
    // and the zod-free rule modules as values, anything else as types only.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@camwatch/contract/*',
                ...[
                  'routes',
                  'constants',
                  'environment',
                  'permissions',
                  'password',
                  'email',
                  'keyword',
                  'archive-rules',
                  'camera-rate',
                  'client-errors',
                  'map-rules',
                  'notification-tabs',
                  'polygon-rules',
                  'operation-analysis-rules',
                  'entry-detection-rules',
                  'audit-rules',
                  'error-reasons',
                  'people-counter-rules',
                  'people-counts-rules',
                  'heatmap-rules',
                  'analysis-job-rules',
                  'person-tracking-rules',
                  'camera-video-settings-rules',
                  'events-rules',
                  'coverage-rules',
                  'share-link-rules',
                ].map((module) => `!@camwatch/contract/${module}`),
              ],
              allowTypeImports: true,
              message:
                'this contract module loads zod: import its types only, or take the value from a zod-free module',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Features do not import each other or the app shell; app/ composes them (bulletproof-react). Checked on
    // resolved paths, so an alias or a workspace import cannot slip past.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'features must not import other features; compose them in app/',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'features must not import the app shell',
            },
            {
              target: ['./web/src/lib', './web/src/components', './web/src/hooks'],
              from: ['./web/src/features', './web/src/app'],
              message: 'shared code must not depend on features or the app',
            },
          ],
        },
      ],
    },
  },
  {
    // The database is reached only through repositories (*.repository.ts). Elsewhere kysely and the database
    // module may be imported for their types (a service passes a Db to the repositories it builds), and no
    // query-builder call or sql`` template is allowed. The listed exceptions: the database's own setup,
    // migrations and demo seed (db/), and camera-filter.query.ts, the filter fragments the camera and
    // location repositories compose.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      'server/src/modules/cameras/camera-filter.query.ts',
      'server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', 'kysely/*', '**/db/database', '**/db/database.ts'],
              allowTypeImports: true,
              message: 'only repositories (*.repository.ts) use the database; import its types only',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression > MemberExpression.callee > Identifier.property[name=${DB_CALLS}]`,
          message: 'database access belongs in a repository (*.repository.ts)',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL belongs in a repository (*.repository.ts)',
        },
      ],
    },
  },
  {
    // End-to-end specs: Playwright's recommended rules. A fixed wait is an error: wait for what a person sees,
    // or for the event that proves enough happened (e.g. the camera's newer stills while the wall is paused).
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-networkidle': 'error',
      'playwright/no-page-pause': 'error',
      'playwright/no-focused-test': 'error',
    },
  },
);
