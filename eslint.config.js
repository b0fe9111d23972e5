// Lint rules, including the house's import boundaries (docs/architecture.md, "Rules of the house").
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { restrictedPaths } from './tools/eslint-boundaries.js';
import fs from 'node:fs';

const webFeatures = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features') : [];
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
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
    // Features do not import each other or the app shell; app/ composes them (bulletproof-react).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'restricted-paths': restrictedPaths } } },
    rules: {
      'local/restricted-paths': [
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
);
