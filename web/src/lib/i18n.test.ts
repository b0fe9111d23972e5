// conventions §5: a key present in one language only fails the build.
import { describe, expect, it } from 'vitest';
import en from '../locales/en.ts';
import ja from '../locales/ja.ts';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('catalogs', () => {
  it('ja and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(ja).sort());
  });

  it('no text is empty, and interpolations match', () => {
    const flat = (o: object) =>
      Object.fromEntries(
        keys(o).map((k) => [k, k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o)]),
      );
    const fj = flat(ja);
    const fe = flat(en);
    for (const key of Object.keys(fj)) {
      expect(String(fj[key]).length, key).toBeGreaterThan(0);
      expect(String(fe[key]).length, key).toBeGreaterThan(0);
      const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(vars(fe[key]), key).toEqual(vars(fj[key]));
    }
  });
});
