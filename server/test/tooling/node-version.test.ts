// The stated Node.js version holds (issue 17 point 10): every package in package-lock.json accepts the
// minimum of package.json's engines.node (so `npm ci` on it prints no EBADENGINE), and the early check that
// .ci/run and `npm start` run refuses an older Node with a clear message.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(`${root}/${file}`, 'utf8')) as Record<string, unknown>;

type Version = [number, number, number];
const versionOf = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` is in an npm engines range (the forms package-lock.json holds: >=, <, ^, x, ||). */
function accepts(range: string, version: Version): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '*' || comparator === '') return true;
        const [, op = '', rest = ''] = /^(>=|<=|>|<|\^)?(.*)$/.exec(comparator) ?? [];
        const bound = versionOf(rest);
        const wildcard = rest.split('.').filter((part) => /^\d+$/.test(part)).length;
        if (op === '>=') return compare(version, bound) >= 0;
        if (op === '>') return compare(version, bound) > 0;
        if (op === '<') return compare(version, bound) < 0;
        if (op === '<=') return compare(version, bound) <= 0;
        if (op === '^') return version[0] === bound[0] && compare(version, bound) >= 0;
        // `20`, `20.x`, `20.19`: the leading parts must match.
        return version.slice(0, wildcard).every((part, i) => part === bound[i]);
      }),
  );
}

const stated = /^>=\s*([\d.]+)$/.exec(
  String((readJson('package.json').engines as { node?: string }).node),
)?.[1];

describe('the stated Node.js version', () => {
  it('is a minimum in package.json', () => {
    expect(stated).toMatch(/^\d+\.\d+/);
  });

  it('reads ranges as npm does', () => {
    expect(accepts('>=22', [20, 19, 0])).toBe(false);
    expect(accepts('^20.19.0 || ^22.12.0 || >=24.0.0', [20, 19, 0])).toBe(true);
    expect(accepts('^20.19.0 || >=22.12.0', [20, 18, 3])).toBe(false);
    expect(accepts('18 || 20 || >=22', [20, 19, 0])).toBe(true);
    expect(accepts('>=6 <7 || >=8', [20, 19, 0])).toBe(true);
    expect(accepts('>= 18', [20, 19, 0])).toBe(true);
  });

  it('is accepted by every package the lockfile installs (no EBADENGINE on npm ci)', () => {
    const minimum = versionOf(stated ?? '');
    const packages = readJson('package-lock.json').packages as Record<
      string,
      { engines?: { node?: string } }
    >;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => entry.engines?.node && !accepts(entry.engines.node, minimum))
      .map(([where, entry]) => `${where} wants node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('an older Node.js stops the early check with a clear message; the stated one passes', async () => {
    const check = (version: string) =>
      run(process.execPath, ['scripts/check-node-version.mjs', version], { cwd: root });
    const older = await check('20.18.3').catch((error: { code: number; stderr: string }) => error);
    expect(older).toMatchObject({ code: 1 });
    expect((older as { stderr: string }).stderr).toContain(`needs Node.js ${stated}`);
    await expect(check(stated ?? '')).resolves.toBeDefined();
    await expect(check('24.1.0')).resolves.toBeDefined();
  });
});
