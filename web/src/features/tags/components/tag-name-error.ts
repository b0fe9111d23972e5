// The message under a tag name field for a failed add or rename: the server's errors.tag_name in the chosen
// language (core.md §8), or the common failure text when the answer had no field error.
import { TAG_NAME_MAX_LENGTH } from '@camwatch/contract/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { tagNameErrorKey } from '../tag-states.ts';

export function tagNameError(error: unknown): string {
  const message = error instanceof ApiError ? error.fieldMessage('tag_name') : undefined;
  if (!message) return t('tags.failed');
  const key = tagNameErrorKey(message);
  return key ? t(key, { max: TAG_NAME_MAX_LENGTH }) : message;
}
