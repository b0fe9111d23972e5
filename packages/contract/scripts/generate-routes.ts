// Writes src/routes.ts: the method and path of every call, without schemas, for the browser bundle.
// Run: npm run generate -w packages/contract. src/routes.test.ts fails when the file is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectCalls, renderRoutes } from './routes-source.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const target = path.join(srcDir, 'routes.ts');
fs.writeFileSync(target, await renderRoutes(await collectCalls(srcDir), target));
console.log('wrote src/routes.ts');
