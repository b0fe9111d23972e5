// Texts in the chosen language (ja default, en), kept in the browser. The language changes only with a page
// reload (core.md §4), so the catalog is loaded once at start and never swapped: a lookup with {{name}}
// placeholders is all the app needs, at a fraction of i18next's size on the login page.
import type ja from '../locales/ja.ts';
import { readState, writeState } from './browser-state.ts';

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];

type Catalog = typeof ja;
export type TranslationValues = Record<string, string | number>;

let language: Language = 'ja';
let catalog: Catalog | null = null;

/** Uses this catalog; for start-up and for component tests. */
export function setCatalog(lng: Language, texts: Catalog): void {
  language = lng;
  catalog = texts;
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export async function initI18n(): Promise<void> {
  const lng = readState('language');
  // Only the chosen language's catalog is downloaded.
  const texts =
    lng === 'en' ? (await import('../locales/en.ts')).default : (await import('../locales/ja.ts')).default;
  setCatalog(lng, texts);
}

/** A screen's own texts, added by its chunk (so /login does not carry them), read under `namespace`. */
const screenTexts: Record<string, Record<Language, object>> = {};
export function addScreenTexts(namespace: string, texts: Record<Language, object>): void {
  screenTexts[namespace] = texts;
}

/** The text at a dotted key (`messages.required`), with `{{name}}` placeholders filled; the key if missing. */
export function t(key: string, values?: TranslationValues): string {
  const [head = '', ...rest] = key.split('.');
  let node: unknown = screenTexts[head]?.[language] ?? (catalog as Record<string, unknown> | null)?.[head];
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') {
    if (import.meta.env.DEV) console.warn(`missing text: ${key}`);
    return key;
  }
  return values ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')) : node;
}

export const i18n = {
  get language(): Language {
    return language;
  },
};

/** The same shape react-i18next offered: `const { t, i18n } = useTranslation()`. */
export function useTranslation() {
  return { t, i18n };
}

/** Changing the language stores it and reloads the page (core.md §4). */
export function changeLanguage(lng: Language): void {
  if (lng === readState('language')) return;
  writeState('language', lng);
  window.location.reload();
}
