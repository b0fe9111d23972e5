// The comparison of two periods: the chosen period's totals beside those of the period compared with (the one
// before, of the same length, or a chosen one), customers and staff apart, with the change in percent.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Table, Text, Title } from '@mantine/core';
import type { PeopleCountFigures } from '@camwatch/contract/people-counts';
import { useTranslation } from '../../../lib/i18n.ts';
import { changePercent, COMPARED_FIGURES, comparedFigures, type Period } from '../people-counter-rules.ts';
import '../people-counter-page-texts.ts';

export interface PeriodComparisonProps {
  current: { period: Period; totals: PeopleCountFigures };
  other: { period: Period; totals: PeopleCountFigures };
  periodText: (period: Period) => string;
  language: string;
}

export function PeriodComparison({ current, other, periodText, language }: PeriodComparisonProps) {
  const { t } = useTranslation();
  const now = comparedFigures(current.totals);
  const before = comparedFigures(other.totals);
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const rows = COMPARED_FIGURES.map((figure) => ({
    label: t(`peopleCounterPage.series.${figure}`),
    current: now[figure],
    other: before[figure],
  }));
  return (
    <Box component="section" aria-labelledby="people-compare-title">
      <Title order={2} size="h4" id="people-compare-title" mb={4}>
        {t('peopleCounterPage.comparisonTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm" id="people-compare-desc">
        {t('peopleCounterPage.comparisonDescription', {
          current: periodText(current.period),
          other: periodText(other.period),
        })}
      </Text>
      <BarChart
        h={220}
        data={rows}
        dataKey="label"
        series={[
          { name: 'current', label: t('peopleCounterPage.currentPeriod'), color: 'teal.7' },
          { name: 'other', label: t('peopleCounterPage.comparedPeriod'), color: 'gray.5' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={36}
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
        mb="sm"
      />
      <Table withTableBorder striped aria-describedby="people-compare-desc" data-testid="people-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" />
            <Table.Th scope="col" ta="right">
              {t('peopleCounterPage.currentPeriod')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('peopleCounterPage.comparedPeriod')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('peopleCounterPage.change')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const change = changePercent(row.current, row.other);
            return (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right">{number.format(row.current)}</Table.Td>
                <Table.Td ta="right">{number.format(row.other)}</Table.Td>
                <Table.Td ta="right">
                  {change === null ? t('peopleCounterPage.noBase') : percent.format(change / 100)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
