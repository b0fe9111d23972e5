// `npm run bundle -w agent`: the agent a site installs on its own. esbuild bundles src/main.ts with
// everything it imports (the contract, the ONVIF client, ws) into one file for Node 20, and beside it
// writes its package.json, README, an example configuration and a systemd unit; then `npm pack` makes the
// installable package dist/camwatch-agent-<version>.tgz. Nothing else from the repository is needed on the
// site box: Node 20 and ffmpeg.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const agentDir = path.dirname(fileURLToPath(import.meta.url));
const version = (
  JSON.parse(fs.readFileSync(path.join(agentDir, 'package.json'), 'utf8')) as { version: string }
).version;
/** `npm run bundle -- DIR` builds into DIR (the tests use a temporary one); agent/dist by default. */
const outRoot = path.resolve(process.argv[2] ?? path.join(agentDir, 'dist'));
const outDir = path.join(outRoot, 'camwatch-agent');
const bundleName = 'camwatch-agent.mjs';

/** The version is read from the workspace's package.json in a checkout; the bundle carries it as text. */
const fixedVersion: Plugin = {
  name: 'fixed-version',
  setup(setup) {
    setup.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => ({
      contents: `export const AGENT_VERSION = ${JSON.stringify(version)};`,
      loader: 'ts',
    }));
  },
};

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [path.join(agentDir, 'src', 'main.ts')],
  outfile: path.join(outDir, bundleName),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The CommonJS packages inside (the ONVIF client, xml2js) call require: give them Node's.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __agentRequire } from 'node:module';\nconst require = __agentRequire(import.meta.url);",
  },
  legalComments: 'eof',
  plugins: [fixedVersion],
  logLevel: 'warning',
});
fs.chmodSync(path.join(outDir, bundleName), 0o755);

const manifest = {
  name: 'camwatch-agent',
  version,
  description: 'CamWatch camera agent: records RTSP/ONVIF cameras and uploads to a CamWatch server',
  type: 'module',
  bin: { 'camwatch-agent': bundleName },
  engines: { node: '>=20.19' },
  files: [bundleName, 'README.md', 'agent.example.json', 'camwatch-agent.service'],
  license: 'UNLICENSED',
};
fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(path.join(agentDir, 'README.md'), path.join(outDir, 'README.md'));
for (const file of ['agent.example.json', 'camwatch-agent.service'])
  fs.copyFileSync(path.join(agentDir, 'install', file), path.join(outDir, file));

const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', outRoot], {
  cwd: outDir,
  encoding: 'utf8',
}).trim();
process.stdout.write(`${path.join(outDir, bundleName)}\n${path.join(outRoot, packed)}\n`);
