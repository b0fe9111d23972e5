// The releases screen's texts (ja, en), loaded with the screens that show them rather than the shell's catalogue, which every
// first screen downloads (issue 19), read as `releasesPage.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  list: 'リリース一覧',
  version: 'バージョン {{version}}',
  releasedOn: 'リリース日',
  empty: 'リリース情報はまだありません。',
  loadFailed: 'リリース情報を読み込めませんでした。',
};

const en = {
  list: 'Release list',
  version: 'Version {{version}}',
  releasedOn: 'Released',
  empty: 'There is no release information yet.',
  loadFailed: 'Could not load the release information.',
};

addScreenTexts('releasesPage', { ja, en });
