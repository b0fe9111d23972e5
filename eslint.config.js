// Lint rules, including the house's import boundaries (docs/architecture.md, "Rules of the house").
import js from '@eslint/js';
import globals from 'globals';
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
    files: ['packages/contract/**/*.ts'],
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
);
