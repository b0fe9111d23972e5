// Builds the web app before `npm start` when web/dist (or WEB_DIST_DIR) is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'web/dist');
const built = path.join(outDir, 'index.html');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web app sources changed; rebuilding…');
  const args = ['run', 'build', '-w', 'web'];
  if (process.env.WEB_DIST_DIR) args.push('--', '--outDir', outDir, '--emptyOutDir');
  execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
}
