// The offer of web push after login (advanced.md §3 "real-time notification" dialog): shown when push could
// be switched on (not receiving, not blocked) and the last dismissal has run out; closing it keeps it away
// for PUSH_DIALOG_DISMISS_MS (the push dialog expiry kept in the browser, core.md §3).
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { enablePush, usePushSnapshot } from '../push-client.ts';
import { PUSH_DIALOG_DISMISS_MS, shouldOfferPush } from '../push-rules.ts';

export function PushOfferDialog() {
  const { t } = useTranslation();
  const push = usePushSnapshot();
  const [dismissedUntil, setDismissedUntil] = useBrowserState('pushDialogExpiresAt');
  // Decided once per page life, when the state is first known: the dialog does not come back by itself.
  const [isOpen, setOpen] = useState<boolean | null>(null);
  if (isOpen === null && push.isKnown) setOpen(shouldOfferPush(push.state, dismissedUntil, Date.now()));

  const dismiss = () => {
    setDismissedUntil(Date.now() + PUSH_DIALOG_DISMISS_MS);
    setOpen(false);
  };
  const accept = async () => {
    const state = await enablePush().catch(() => null);
    if (state === 'receive') {
      showToast({ color: 'green', message: t('push.turnedOn') });
      setOpen(false);
    } else {
      // Refused or impossible here: ask again only after the dismissal period.
      setDismissedUntil(Date.now() + PUSH_DIALOG_DISMISS_MS);
      setOpen(false);
      showToast({ color: 'red', message: t(`push.failed.${push.failure ?? 'subscribeFailed'}`) });
    }
  };

  return (
    <>
      {/* The decision, for whoever checks that the offer was not made (the end-to-end tests): nothing to see. */}
      <span hidden data-push-offer={isOpen === null ? 'undecided' : isOpen ? 'offered' : 'not-offered'} />
      <AppDialog
        opened={isOpen === true}
        onClose={dismiss}
        title={t('push.offer.title')}
        loading={push.isBusy}
      >
        <Text mb="md">{t('push.offer.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} disabled={push.isBusy}>
            {t('push.offer.later')}
          </Button>
          <Button onClick={() => void accept()} loading={push.isBusy}>
            {t('push.offer.accept')}
          </Button>
        </Group>
      </AppDialog>
    </>
  );
}
