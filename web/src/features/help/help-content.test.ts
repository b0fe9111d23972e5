// The help text: both languages have the same sections in the same order, the anchors the footer links to
// (#about, #contact), and a meaning for every right of the spec's list (core.md §3, §6).
import { describe, expect, it } from 'vitest';
import { accountFlags, permissionFlags } from '@camwatch/contract/permissions';
import en from './content.en.ts';
import ja from './content.ja.ts';

describe('help content', () => {
  it('has the same sections in both languages, including about and contact', () => {
    expect(en.sections.map((s) => s.id)).toEqual(ja.sections.map((s) => s.id));
    expect(ja.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'login',
        'cameras',
        'watch',
        'download',
        'notifications',
        'device-auth',
        'about',
        'contact',
      ]),
    );
    expect(new Set(ja.sections.map((s) => s.id)).size).toBe(ja.sections.length);
  });

  it('explains every right and account flag, in both languages', () => {
    for (const content of [ja, en]) {
      expect(Object.keys(content.rights.meanings).sort()).toEqual(
        [...permissionFlags, ...accountFlags].sort(),
      );
      for (const meaning of Object.values(content.rights.meanings)) expect(meaning.length).toBeGreaterThan(3);
    }
  });

  it('has no empty text', () => {
    for (const content of [ja, en])
      for (const section of content.sections) {
        expect(section.title).not.toBe('');
        for (const text of [...section.paragraphs, ...(section.steps ?? []), ...(section.items ?? [])])
          expect(text.trim()).not.toBe('');
      }
  });
});
