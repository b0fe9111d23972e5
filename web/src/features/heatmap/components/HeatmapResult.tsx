// What a camera card shows once its heat maps have come (advanced.md heat map): the heat over the picture, the
// legend and the total in person-minutes; a period without analysed recordings says so instead of drawing; two
// compared periods side by side on one colour scale (the larger top of both), with both totals and the change.
import { Alert, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Heatmap } from '@camwatch/contract/heatmap';
import { useTranslation } from '../../../lib/i18n.ts';
import { changePercent, formatMinutes, sharedScaleMax } from '../heatmap-rules.ts';
import { HeatmapLegend } from './HeatmapLegend.tsx';
import { HeatmapPicture } from './HeatmapPicture.tsx';

export interface PeriodHeatmap {
  heatmap: Heatmap;
  /** The period as the screen writes it (`2026/11/01 〜 2026/11/10`). */
  periodText: string;
}

export interface HeatmapResultProps {
  current: PeriodHeatmap;
  /** The period compared with, when comparing. */
  compared?: PeriodHeatmap | null;
  language: string;
}

const hasData = (heatmap: Heatmap) => heatmap.analysed_hours > 0;

function PeriodPanel({
  item,
  scaleMax,
  label,
  language,
}: {
  item: PeriodHeatmap;
  scaleMax: number;
  label: string;
  language: string;
}) {
  const { t } = useTranslation();
  const { heatmap } = item;
  const minutes = (seconds: number) => t('heatmap.minutes', { value: formatMinutes(seconds, language) });
  if (!hasData(heatmap))
    return (
      <Alert color="gray" variant="light" role="status" data-testid="heatmap-empty">
        {t('heatmap.empty')}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <HeatmapPicture heatmap={heatmap} scaleMax={scaleMax} label={label} language={language} />
      {heatmap.total === 0 && (
        <Text size="sm" c="dimmed" data-testid="heatmap-nobody">
          {t('heatmap.nobody')}
        </Text>
      )}
      <Text size="sm" data-testid="heatmap-total">
        {t('heatmap.total', { value: minutes(heatmap.total), hours: heatmap.analysed_hours })}
      </Text>
    </Stack>
  );
}

export function HeatmapResult({ current, compared, language }: HeatmapResultProps) {
  const { t } = useTranslation();
  const name = current.heatmap.camera_name;
  const shown = [current, ...(compared ? [compared] : [])].filter((item) => hasData(item.heatmap));
  const scaleMax = sharedScaleMax(shown.map((item) => item.heatmap));
  const legend = shown.length > 0 && <HeatmapLegend max={scaleMax} language={language} />;

  if (!compared)
    return (
      <Stack gap="sm">
        <PeriodPanel item={current} scaleMax={scaleMax} label={name} language={language} />
        {legend}
      </Stack>
    );

  const change = changePercent(current.heatmap.total, compared.heatmap.total);
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const panels = [
    { key: 'current', title: t('heatmap.currentPeriod'), item: current },
    { key: 'compared', title: t('heatmap.comparedPeriod'), item: compared },
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {panels.map((panel) => (
          <Box key={panel.key} data-testid={`heatmap-period-${panel.key}`}>
            <Text size="sm" fw={500}>
              {panel.title}
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              {panel.item.periodText}
            </Text>
            <PeriodPanel
              item={panel.item}
              scaleMax={scaleMax}
              label={t('heatmap.periodPicture', {
                name,
                period: panel.title,
                dates: panel.item.periodText,
              })}
              language={language}
            />
          </Box>
        ))}
      </SimpleGrid>
      {legend}
      <Text size="sm" fw={500} data-testid="heatmap-change">
        {change === null
          ? t('heatmap.noChangeBase')
          : t('heatmap.change', { value: percent.format(change / 100) })}
      </Text>
    </Stack>
  );
}
