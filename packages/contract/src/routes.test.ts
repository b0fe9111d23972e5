// routes.ts is generated from the calls; this fails when someone adds or changes a call without regenerating.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allCalls, callKey } from './calls.ts';
import { EMAIL_PATTERN } from './email.ts';
import { z } from 'zod';
import { collectCalls, renderRoutes } from '../scripts/routes-source.ts';
import { routes } from './routes.ts';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

describe('routes.ts', () => {
  it('is current (run `npm run generate -w packages/contract` after changing a call)', async () => {
    const target = path.join(srcDir, 'routes.ts');
    expect(fs.readFileSync(target, 'utf8')).toBe(await renderRoutes(await collectCalls(srcDir), target));
  });

  it('has exactly the calls of allCalls', () => {
    expect(Object.values(routes).map(callKey).sort()).toEqual(allCalls.map(callKey).sort());
  });

  it('does not import zod', () => {
    expect(fs.readFileSync(path.join(srcDir, 'routes.ts'), 'utf8')).not.toMatch(/^import /m);
  });
});

describe('EMAIL_PATTERN (core.md §5)', () => {
  it('is zod’s own email expression, so the web form and the server agree', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });
});
