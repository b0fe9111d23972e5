// Entries and exits per bucket as bars (Mantine charts on recharts, loaded with this screen only): for each bucket
// an entries bar and an exits bar, each stacking customers (dark) under staff (light). The table below the chart
// holds the same figures for keyboards and screen readers.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Text, Title } from '@mantine/core';
import type { PeopleCountUnit } from '@camwatch/contract/people-counts-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ChartRow } from '../people-counter-rules.ts';
import '../people-counter-page-texts.ts';

export const SERIES_COLORS = {
  customersIn: 'blue.7',
  staffIn: 'blue.3',
  customersOut: 'orange.7',
  staffOut: 'orange.3',
} as const;

export function CountsChart({ rows, unit }: { rows: ChartRow[]; unit: PeopleCountUnit }) {
  const { t } = useTranslation();
  const series = (Object.keys(SERIES_COLORS) as (keyof typeof SERIES_COLORS)[]).map((name) => ({
    name,
    label: t(`peopleCounterPage.series.${name}`),
    color: SERIES_COLORS[name],
    stackId: name.endsWith('In') ? 'in' : 'out',
  }));
  return (
    <Box component="figure" m={0} aria-labelledby="people-chart-title" aria-describedby="people-chart-desc">
      <Title order={2} size="h4" id="people-chart-title" mb={4}>
        {t('peopleCounterPage.chartTitle')}
      </Title>
      <Text size="sm" c="dimmed" id="people-chart-desc" mb="sm" component="figcaption">
        {t('peopleCounterPage.chartDescription', { unit: t(`peopleCounterPage.units.${unit}`) })}
      </Text>
      <BarChart
        h={300}
        data={rows}
        dataKey="label"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={28}
        yAxisProps={{ allowDecimals: false }}
        xAxisProps={{ minTickGap: 12 }}
        data-testid="people-chart"
      />
    </Box>
  );
}
