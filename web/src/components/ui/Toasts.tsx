// Renders the toasts of lib/toast.ts: a polite live region for successes, assertive alerts for failures. They
// stack below the app's header (56 px) so the bell, the language and the user menu stay reachable.
import { Notification, Portal, Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

/** The header's height (AppLayout) and a gap. */
const TOASTS_TOP = 56 + 8;
import { hideToast, useToasts } from '../../lib/toast.ts';

export function Toasts() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        top={TOASTS_TOP}
        right={16}
        w="min(420px, calc(100vw - 32px))"
        style={{ zIndex: 400 }}
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <Notification
            key={toast.id}
            color={toast.color}
            title={toast.title}
            onClose={() => hideToast(toast.id)}
            role={toast.color === 'red' ? 'alert' : 'status'}
            closeButtonProps={{ 'aria-label': t('common.close') }}
            withBorder
          >
            {toast.message}
          </Notification>
        ))}
      </Stack>
    </Portal>
  );
}
