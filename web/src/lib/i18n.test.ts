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

describe('t (core.md §4: texts in the chosen language)', () => {
  it('looks up dotted keys and fills {{placeholders}}', async () => {
    const { setCatalog, t, i18n } = await import('./i18n.ts');
    setCatalog('en', en as unknown as typeof ja);
    expect(i18n.language).toBe('en');
    expect(t('login.submit')).toBe('Log in');
    expect(t('footer.version', { version: '2.78.0' })).toBe('Version 2.78.0');
    expect(t('notifications.bellUnread', { count: 3 })).toBe('Notifications (3 unread)');
    setCatalog('ja', ja);
    expect(t('login.submit')).toBe('ログイン');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('answers the key itself for a missing text, never undefined', async () => {
    const { t } = await import('./i18n.ts');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('login')).toBe('login');
  });
});
