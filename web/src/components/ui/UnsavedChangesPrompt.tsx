// Unsaved changes of a setting screen (operation analysis, entry detection): leaving for another screen asks
// first, and closing or reloading the tab gets the browser's own warning.
import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AppDialog } from './AppDialog.tsx';
import { useTranslation } from '../../lib/i18n.ts';

export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // Saved meanwhile (or nothing left to lose): let the waiting navigation go.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  return (
    <AppDialog
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('common.unsavedChanges.title')}
    >
      <Text mb="lg">{t('common.unsavedChanges.body')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('common.unsavedChanges.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('common.unsavedChanges.leave')}
        </Button>
      </Group>
    </AppDialog>
  );
}
