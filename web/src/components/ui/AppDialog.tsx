// Every dialog of the app: cannot be closed while it is busy; Escape closes it otherwise (core.md §4).
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  loading?: boolean;
  size?: string | number;
  children: ReactNode;
}

export function AppDialog({
  opened,
  onClose,
  title,
  loading = false,
  size = 'md',
  children,
}: AppDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onClose();
      }}
      title={title}
      size={size}
      centered
      closeOnEscape={!loading}
      closeOnClickOutside={!loading}
      closeButtonProps={{ disabled: loading, 'aria-label': t('common.close') }}
    >
      {children}
    </Modal>
  );
}
