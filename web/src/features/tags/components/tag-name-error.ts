// Why a tag add or rename failed, for the error toast (core.md §8: the first of errors.tag_name as an error
// toast): the server's reason code for tag_name in the chosen language, or the common failure text.
import { TAG_NAME_MAX_LENGTH } from '@camwatch/contract/constants';
import { t } from '../../../lib/i18n.ts';
import { fieldReasonText } from '../../../lib/server-reason.ts';

export function tagNameError(error: unknown): string {
  return (
    fieldReasonText(
      error,
      'tag_name',
      { required: 'tags.errors.required', too_long: 'tags.errors.tooLong', taken: 'tags.errors.duplicate' },
      { max: TAG_NAME_MAX_LENGTH },
    ) ?? t('tags.failed')
  );
}
