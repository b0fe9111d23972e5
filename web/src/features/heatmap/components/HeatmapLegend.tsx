// The colour scale of a heat map card (advanced.md heat map): the contract's heatColour from nothing to the top of
// the scale, over the same neutral grey as a camera without a picture, marked in person-minutes at 0, half and
// the top. One legend serves both heat maps of a comparison: they share the scale.
import { Box, Group, Text } from '@mantine/core';
import { heatColour } from '@camwatch/contract/heatmap-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatMinutes, legendMarks } from '../heatmap-rules.ts';

/** Steps of the gradient: two per band between the contract's nine colour stops. */
const STEPS = 16;

const gradient = (): string => {
  const stops = Array.from({ length: STEPS + 1 }, (_, i) => {
    // Nothing is drawn for 0: the scale starts from the coldest colour, fully transparent.
    const [r, g, b, a] = heatColour(Math.max(i / STEPS, Number.MIN_VALUE));
    return `rgba(${r}, ${g}, ${b}, ${i === 0 ? 0 : a}) ${((i / STEPS) * 100).toFixed(1)}%`;
  });
  return `linear-gradient(to right, ${stops.join(', ')})`;
};

export function HeatmapLegend({ max, language }: { max: number; language: string }) {
  const { t } = useTranslation();
  const marks = legendMarks(max).map((seconds) =>
    t('heatmap.minutes', { value: formatMinutes(seconds, language) }),
  );
  return (
    <Box role="group" aria-label={t('heatmap.legend')} data-testid="heatmap-legend" maw={360}>
      <Text size="xs" fw={500} mb={2}>
        {t('heatmap.legend')}
      </Text>
      <Box
        h={12}
        bg="gray.3"
        aria-hidden
        style={{ borderRadius: 'var(--mantine-radius-xs)', overflow: 'hidden' }}
      >
        <Box h="100%" style={{ backgroundImage: gradient() }} />
      </Box>
      <Group justify="space-between" gap={4} mt={2}>
        {marks.map((mark, i) => (
          <Text key={i} size="xs" c="dimmed" data-testid="heatmap-legend-mark">
            {mark}
          </Text>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {t('heatmap.legendNote')}
      </Text>
    </Box>
  );
}
