// i18next with the ja (default) and en catalogs; the chosen language is kept in the browser.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readState, writeState } from './browser-state.ts';

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];

export async function initI18n(): Promise<void> {
  const lng = readState('language');
  document.documentElement.lang = lng;
  // Only the chosen language's catalog is downloaded; changing language reloads the page anyway.
  const catalog =
    lng === 'en' ? (await import('../locales/en.ts')).default : (await import('../locales/ja.ts')).default;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: catalog } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    returnNull: false,
  });
}

/** Changing the language stores it and reloads the page (core.md §4). */
export function changeLanguage(lng: Language): void {
  if (lng === readState('language')) return;
  writeState('language', lng);
  window.location.reload();
}
