// The button that opens a camera's people counter setting dialog (advanced.md §2 dialogs), for the people
// counter screen of a camera. Shown only with the analytics right, which reading and saving the setting need.
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PeopleCounterSettingDialog } from './PeopleCounterSettingDialog.tsx';

export function PeopleCounterSettingButton({ cameraCode }: { cameraCode: string }) {
  const { t } = useTranslation();
  const canSet = useMe().permissions.analytics;
  const [isOpen, setIsOpen] = useState(false);
  if (!canSet) return null;
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={() => setIsOpen(true)}
      >
        {t('peopleCounterSetting.title')}
      </Button>
      <PeopleCounterSettingDialog cameraCode={cameraCode} opened={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
