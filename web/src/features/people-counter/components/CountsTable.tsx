// The buckets as a table (the chart's figures, readable by keyboard and screen reader): customers and staff apart,
// all passes, and the period's totals in the last row.
import { Table, Title, ScrollArea } from '@mantine/core';
import type { PeopleCounts } from '@camwatch/contract/people-counts';
import { useTranslation } from '../../../lib/i18n.ts';
import { bucketLabel, customersOf } from '../people-counter-rules.ts';
import '../people-counter-page-texts.ts';

const COLUMNS = ['customersIn', 'staffIn', 'in', 'customersOut', 'staffOut', 'out'] as const;

export function CountsTable({ counts, language }: { counts: PeopleCounts; language: string }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const cells = (f: PeopleCounts['totals']) => {
    const customers = customersOf(f);
    const values = {
      customersIn: customers.in,
      staffIn: f.staffIn,
      in: f.in,
      customersOut: customers.out,
      staffOut: f.staffOut,
      out: f.out,
    };
    return COLUMNS.map((column) => (
      <Table.Td key={column} ta="right">
        {number.format(values[column])}
      </Table.Td>
    ));
  };
  return (
    <section aria-labelledby="people-table-title">
      <Title order={2} size="h4" id="people-table-title" mb="sm">
        {t('peopleCounterPage.tableTitle')}
      </Title>
      <ScrollArea.Autosize mah={480} type="auto">
        <Table striped withTableBorder stickyHeader captionSide="top" data-testid="people-table">
          <Table.Caption>
            {t('peopleCounterPage.tableCaption', { unit: t(`peopleCounterPage.units.${counts.unit}`) })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('peopleCounterPage.columns.bucket')}</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col" ta="right">
                  {t(`peopleCounterPage.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.buckets.map((bucket) => (
              <Table.Tr key={bucket.start}>
                <Table.Th scope="row" fw={400}>
                  {bucketLabel(bucket.start, counts.unit, counts.start)}
                </Table.Th>
                {cells(bucket)}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t('peopleCounterPage.totalRow')}</Table.Th>
              {cells(counts.totals)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea.Autosize>
    </section>
  );
}
