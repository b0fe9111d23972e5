// The common error message for 5xx or no answer: at most one at a time, shown for 5 s (core.md §8).
import { showToast } from '../lib/toast.ts';
import { t } from '../lib/i18n.ts';

export const COMMON_ERROR_MS = 5_000;
let visibleUntil = 0;

export function showCommonError(): void {
  const now = Date.now();
  if (now < visibleUntil) return;
  visibleUntil = now + COMMON_ERROR_MS;
  showToast({
    id: 'common-error',
    color: 'red',
    message: t('messages.commonError'),
    autoClose: COMMON_ERROR_MS,
  });
}
