// A people count as CSV (core.md §9 exports: UTF-8 with byte-order mark; the enter-alert CSV's cell rules): one
// row per bucket, oldest first, in the reader's time zone (days `YYYY-MM-DD`, hours `YYYY-MM-DD HH:mm`), with
// entries and exits, those of staff, and those of customers (total − staff); then a total row.
import { CSV_BOM } from '@camwatch/contract/constants';
import type { PeopleCountFigures, PeopleCounts } from '@camwatch/contract/people-counts';
import { csvCell } from '../entry-detection/entry-detection-csv.ts';

export type PeopleCountCsvLanguage = 'ja' | 'en';

const HEADERS: Record<PeopleCountCsvLanguage, string[]> = {
  ja: ['期間開始', '入店', '退店', 'スタッフ入店', 'スタッフ退店', '来店客入店', '来店客退店'],
  en: ['Period start', 'In', 'Out', 'Staff in', 'Staff out', 'Customers in', 'Customers out'],
};

const TOTAL: Record<PeopleCountCsvLanguage, string> = { ja: '合計', en: 'Total' };

const figures = (f: PeopleCountFigures): string[] =>
  [f.in, f.out, f.staffIn, f.staffOut, f.in - f.staffIn, f.out - f.staffOut].map(String);

/** A bucket's start as the reader's wall clock: the date, and the time for hours. */
const startText = (start: string, unit: PeopleCounts['unit']): string =>
  unit === 'hour' ? start.slice(0, 16).replace('T', ' ') : start.slice(0, 10);

export function peopleCountCsv(input: { lang: PeopleCountCsvLanguage; counts: PeopleCounts }): string {
  const { counts } = input;
  const lines = [HEADERS[input.lang].map(csvCell).join(',')];
  for (const bucket of counts.buckets)
    lines.push([startText(bucket.start, counts.unit), ...figures(bucket)].map(csvCell).join(','));
  lines.push([TOTAL[input.lang], ...figures(counts.totals)].map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
