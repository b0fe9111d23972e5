// What the colours over the picture mean: the entry detection area red, the machine area orange and dashed
// (the same colours as the detail page's video info).
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

export const ENTRY_AREA_COLOR = '#fa5252';
export const MACHINE_AREA_COLOR = '#fd7e14';

function Swatch({ color, dashed }: { color: string; dashed?: boolean }) {
  return (
    <Box
      aria-hidden
      w={22}
      h={12}
      style={{
        flex: 'none',
        border: `2px ${dashed ? 'dashed' : 'solid'} ${color}`,
        background: `${color}33`,
        borderRadius: 2,
      }}
    />
  );
}

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
        <Swatch color={ENTRY_AREA_COLOR} />
        <Text size="sm">{t('entryDetection.entryArea')}</Text>
      </Group>
      <Group gap={6} component="li" wrap="nowrap">
        <Swatch color={MACHINE_AREA_COLOR} dashed />
        <Text size="sm">{t('entryDetection.machineArea')}</Text>
      </Group>
    </Group>
  );
}
