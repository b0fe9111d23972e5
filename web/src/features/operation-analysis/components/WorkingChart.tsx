// Working minutes of each operation area per stretch of the period as bars (Mantine charts on recharts, loaded with
// the result screen only). The session table below holds the same work for keyboards and screen readers.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Text, Title } from '@mantine/core';
import type { OperationAreaResult } from '@camwatch/contract/operation-analysis';
import { useTranslation } from '../../../lib/i18n.ts';
import { localTime } from '../../../lib/local-time.ts';
import { workingPerBucket } from '../operation-results-rules.ts';
import { areaColor } from './OperationTimeline.tsx';

export function WorkingChart({
  areas,
  startMs,
  endMs,
}: {
  areas: readonly OperationAreaResult[];
  startMs: number;
  endMs: number;
}) {
  const { t } = useTranslation();
  const { bucketMs, rows } = workingPerBucket(areas, startMs, endMs);
  const bucket =
    bucketMs < 60_000
      ? t('operationResults.result.bucketSeconds', { n: bucketMs / 1000 })
      : t('operationResults.result.bucketMinutes', { n: bucketMs / 60_000 });
  const data = rows.map((row) => ({ ...row, label: localTime(row.startMs) }));
  return (
    <Box component="figure" m={0} aria-labelledby="working-chart-title" aria-describedby="working-chart-desc">
      <Title order={2} size="h4" id="working-chart-title" mb={4}>
        {t('operationResults.result.chartTitle')}
      </Title>
      <Text size="sm" c="dimmed" id="working-chart-desc" mb="sm" component="figcaption">
        {t('operationResults.result.chartHelp', { bucket })}
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        series={areas.map((area, k) => ({ name: `a${k}`, label: area.name, color: areaColor(k) }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={24}
        unit={` ${t('operationResults.result.minutes')}`}
        xAxisProps={{ minTickGap: 12 }}
        data-testid="working-chart"
      />
    </Box>
  );
}
