// Stops early, with a clear message, when Node.js is older than package.json's engines.node (`>=20.19`) —
// rather than failing later on a missing language feature. `node scripts/check-node-version.mjs [version]`
// (the version defaults to this Node's; given, for testing the check).
import fs from 'node:fs';

const engines = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines;
const wanted = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines?.node ?? '');
if (!wanted) {
  console.error(`package.json engines.node must read ">=MAJOR.MINOR", not ${JSON.stringify(engines?.node)}`);
  process.exit(2);
}
const current = (process.argv[2] ?? process.versions.node).replace(/^v/, '');
const parts = (text) => text.split('.').map((n) => Number.parseInt(n, 10) || 0);
const [have, need] = [parts(current), wanted.slice(1).map((n) => Number(n ?? 0))];
const older = need.findIndex((n, i) => (have[i] ?? 0) !== n);
if (older >= 0 && (have[older] ?? 0) < need[older]) {
  console.error(
    `CamWatch needs Node.js ${need.join('.')} or newer (package.json engines); this is ${current}. ` +
      'Install a newer Node.js (for example with nvm or from nodejs.org) and run again.',
  );
  process.exit(1);
}
