// What the colours over the picture mean: the entry detection area red, the machine area orange and dashed
// (the same colours as the detail page's video info).
import { Group, Text } from '@mantine/core';
import { AreaSwatch } from '../../../components/area-editor/AreaSwatch.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export const ENTRY_AREA_COLOR = '#fa5252';
export const MACHINE_AREA_COLOR = '#fd7e14';

export function AreaLegend() {
  const { t } = useTranslation();
  return (
    <Group
      gap="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('entryDetection.legend')}
    >
      <Group gap={6} component="li" wrap="nowrap">
        <AreaSwatch color={ENTRY_AREA_COLOR} />
        <Text size="sm">{t('entryDetection.entryArea')}</Text>
      </Group>
      <Group gap={6} component="li" wrap="nowrap">
        <AreaSwatch color={MACHINE_AREA_COLOR} dashed />
        <Text size="sm">{t('entryDetection.machineArea')}</Text>
      </Group>
    </Group>
  );
}
