// A card over the map (core.md §5): a titled, named section with a close button; the site's camera list and
// the selected camera's card are both one.
import { Card, CloseButton, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  testId: string;
  /** The section's accessible name. */
  label: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function MapPanelCard({ testId, label, title, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder shadow="sm" padding="sm" data-testid={testId} component="section" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={onClose} />
      </Group>
      {children}
    </Card>
  );
}
