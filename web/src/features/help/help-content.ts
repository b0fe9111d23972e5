// The help page's text, one module per language, loaded with the page (not in the main catalogs: it is long
// and only this page needs it). Both languages have the same sections; a test checks.
import type { AccountFlag, PermissionFlag } from '@camwatch/contract/permissions';
import type { Language } from '../../lib/i18n.ts';

export interface HelpSection {
  /** The anchor: /help#<id>. */
  id: string;
  title: string;
  paragraphs: string[];
  /** A numbered procedure. */
  steps?: string[];
  /** A bulleted list. */
  items?: string[];
}

export interface HelpContent {
  intro: string;
  tocLabel: string;
  backToApp: string;
  sections: HelpSection[];
  /** The rights table (core.md §3, §6): what each right of the spec's list allows. */
  rights: {
    sectionId: string;
    title: string;
    intro: string;
    nameHeader: string;
    meaningHeader: string;
    meanings: Record<PermissionFlag | AccountFlag, string>;
  };
  /** Where the contact section points when the service has its own contact address. */
  contactLink: string;
}

export async function loadHelpContent(language: Language): Promise<HelpContent> {
  return language === 'en'
    ? (await import('./content.en.ts')).default
    : (await import('./content.ja.ts')).default;
}
