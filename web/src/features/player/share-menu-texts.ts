// The more-menu's entry to the share dialog (issue 22): the one text the detail page needs before the dialog loads.
import { addScreenTexts } from '../../lib/i18n.ts';

addScreenTexts('shareMenu', { ja: { open: '共有リンクを作成' }, en: { open: 'Share link' } });
