// The weather overlay's legend: what each colour means, what was asked, and a button to remove the overlay.
import { Box, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { LEGEND_ORDER, weatherColor } from '../weather-rules.ts';
import '../map-texts.ts';

export function WeatherLegend({
  label,
  onClear,
  className,
}: {
  label: string;
  onClear: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xs"
      className={className}
      component="section"
      aria-label={t('map.weather.legend')}
      data-testid="weather-legend"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size="xs" fw={600}>
          {t('map.weather.legend')}
        </Text>
        <CloseButton size="xs" aria-label={t('map.weather.clear')} onClick={onClear} />
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      <Stack gap={2}>
        {LEGEND_ORDER.map((category) => (
          <Group key={category} gap={6} wrap="nowrap">
            <Box
              w={14}
              h={14}
              style={{ background: weatherColor(category), opacity: 0.7, borderRadius: 2 }}
              aria-hidden
            />
            <Text size="xs">{t(`map.categories.${category}`)}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
