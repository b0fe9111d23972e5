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
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/first-screen-chunks.ts',
  'packages/contract/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// Two servers started at once (the end-to-end tests run a second one in a TLT mode) must not build into the
// same folder together: the first takes a lock, the other waits for it and then finds the build fresh.
const lockDir = `${outDir}.build-lock`;
const LOCK_STALE_MS = 10 * 60_000;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (;;) {
  try {
    fs.mkdirSync(path.dirname(lockDir), { recursive: true });
    fs.mkdirSync(lockDir);
    break;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const age = Date.now() - fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
    if (age > LOCK_STALE_MS) fs.rmSync(lockDir, { recursive: true, force: true });
    else sleep(500);
  }
}
try {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt < changedAt) {
    console.log(
      builtAt === 0 ? 'Building the web app (first start)…' : 'Web app sources changed; rebuilding…',
    );
    const args = ['run', 'build', '-w', 'web'];
    if (process.env.WEB_DIST_DIR) args.push('--', '--outDir', outDir, '--emptyOutDir');
    execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
  }
} finally {
  fs.rmSync(lockDir, { recursive: true, force: true });
}
