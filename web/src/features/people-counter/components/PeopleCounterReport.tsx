// The body both people counter screens share (advanced.md §2, §5, §9): the period (31 days ago to 1 day ago by
// default, set in the period setting dialog, none after today) and the unit, kept in the address; entries and
// exits per bucket with customers and staff apart; the comparison with the previous period of the same length or
// one starting on a chosen day; the buckets as a table with totals; the CSV export; and what staff exclusion can
// and cannot do. An empty period says so.
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  daysInRange,
  PEOPLE_COUNT_HOUR_MAX_DAYS,
  PEOPLE_COUNT_UNITS,
  todayIn,
  type PeopleCountUnit,
} from '@camwatch/contract/people-counts-rules';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { showToast } from '../../../lib/toast.ts';
import { countTimeZone, type CounterTarget } from '../api/counter-target.ts';
import { fetchPeopleCountsCsv } from '../api/export-people-counts-csv.ts';
import { usePeopleCounts } from '../api/get-people-counts.ts';
import {
  chartRowsOf,
  COMPARE_MODES,
  comparisonPeriod,
  customersOf,
  isEmptyCount,
  periodFrom,
  periodProblem,
  searchOf,
  unitFits,
  viewOf,
  type CompareMode,
  type PeopleCounterView,
  type Period,
} from '../people-counter-rules.ts';
import { CountsChart } from './CountsChart.tsx';
import { CountsTable } from './CountsTable.tsx';
import { PeriodComparison } from './PeriodComparison.tsx';
import { PeriodSettingDialog } from './PeriodSettingDialog.tsx';
import { StaffExclusionHelp } from './StaffExclusionHelp.tsx';
import '../people-counter-page-texts.ts';

const slashed = (day: string) => day.replaceAll('-', '/');

export function PeopleCounterReport({ target }: { target: CounterTarget }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [search, setSearch] = useSearchParams();
  const timeZone = countTimeZone();
  const today = todayIn(timeZone);
  const view = viewOf(search, today);
  const compared = comparisonPeriod(view);
  const counts = usePeopleCounts(target, view, view.unit, timeZone);
  const other = usePeopleCounts(target, compared, view.unit, timeZone);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [compareStartDraft, setCompareStartDraft] = useState<string | null>(null);
  const [isExporting, setExporting] = useState(false);

  const setView = (next: Partial<PeopleCounterView>) => {
    const merged = { ...view, ...next };
    if (!unitFits(merged.unit, merged)) merged.unit = 'day';
    setSearch(searchOf(merged), { replace: true });
  };
  const periodText = (period: Period) =>
    t('peopleCounterPage.periodValue', {
      start: slashed(period.start),
      end: slashed(period.end),
      days: daysInRange(period.start, period.end),
    });

  const rows = useMemo(
    () => (counts.data ? chartRowsOf(counts.data.buckets, counts.data.unit, counts.data.start) : []),
    [counts.data],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await fetchPeopleCountsCsv(target, view, view.unit, timeZone, language);
      saveBlob(blob, fileName);
      showToast({ color: 'green', message: t('peopleCounterPage.csvDone') });
    } catch {
      showToast({ color: 'red', message: t('messages.downloadFailed') });
    } finally {
      setExporting(false);
    }
  };

  const denied = counts.error instanceof ApiError && counts.error.status === 403;
  const compareStart = compareStartDraft ?? view.compareStart;
  const compareStartValid =
    view.compare !== 'custom' || periodProblem(periodFrom(compareStart, view), view.unit, today) === null;

  return (
    <Stack gap="lg" maw={1100}>
      <Group gap="md" align="flex-end" wrap="wrap" role="group" aria-label={t('peopleCounterPage.options')}>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="people-period-label">
            {t('peopleCounterPage.period')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" data-testid="people-period" aria-labelledby="people-period-label">
              {periodText(view)}
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendar size={16} aria-hidden />}
              onClick={() => setPeriodOpen(true)}
            >
              {t('peopleCounterPage.changePeriod')}
            </Button>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="people-unit-label">
            {t('peopleCounterPage.unit')}
          </Text>
          <SegmentedControl
            aria-labelledby="people-unit-label"
            value={view.unit}
            onChange={(value) => setView({ unit: value as PeopleCountUnit })}
            data={PEOPLE_COUNT_UNITS.map((unit) => ({
              value: unit,
              label: t(`peopleCounterPage.units.${unit}`),
              disabled: !unitFits(unit, view),
            }))}
          />
          {!unitFits('hour', view) && (
            <Text size="xs" c="dimmed">
              {t('peopleCounterPage.hourTooLong', { days: PEOPLE_COUNT_HOUR_MAX_DAYS })}
            </Text>
          )}
        </Stack>
        <Select
          label={t('peopleCounterPage.compareWith')}
          data={COMPARE_MODES.map((mode) => ({
            value: mode,
            label: t(`peopleCounterPage.compareModes.${mode}`),
          }))}
          value={view.compare}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setCompareStartDraft(null);
            setView({ compare: value as CompareMode });
          }}
          w={260}
        />
        {view.compare === 'custom' && (
          <TextInput
            type="date"
            label={t('peopleCounterPage.compareStart')}
            value={compareStart}
            max={today}
            error={compareStartValid ? undefined : t('peopleCounterPage.compareStartInvalid')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setCompareStartDraft(value);
              if (value && periodProblem(periodFrom(value, view), view.unit, today) === null) {
                setCompareStartDraft(null);
                setView({ compareStart: value });
              }
            }}
          />
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={isExporting}
          disabled={denied}
          onClick={() => void exportCsv()}
          ml="auto"
        >
          {t('peopleCounterPage.csv')}
        </Button>
      </Group>
      <PeriodSettingDialog
        opened={periodOpen}
        period={view}
        today={today}
        onClose={() => setPeriodOpen(false)}
        onApply={(period) => {
          setCompareStartDraft(null);
          // A chosen comparison keeps its start; one that no longer fits falls back to the previous period.
          setView(period);
        }}
      />
      {denied ? (
        <Alert color="yellow">{t('messages.noPermission')}</Alert>
      ) : counts.isError ? (
        <QueryErrorState
          message={t('peopleCounterPage.loadFailed')}
          error={counts.error}
          onRetry={counts.refetch}
          isRetrying={counts.isFetching}
        />
      ) : !counts.data ? (
        <Loader aria-label={t('peopleCounterPage.loading')} />
      ) : isEmptyCount(counts.data.totals) ? (
        <Alert color="blue" variant="light" role="status" data-testid="people-empty">
          {t('peopleCounterPage.empty')}
        </Alert>
      ) : (
        <Stack gap="xl" style={{ opacity: counts.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" fw={500} data-testid="people-summary">
            {t('peopleCounterPage.summary', {
              in: counts.data.totals.in,
              out: counts.data.totals.out,
              staffIn: counts.data.totals.staffIn,
              staffOut: counts.data.totals.staffOut,
              customersIn: customersOf(counts.data.totals).in,
              customersOut: customersOf(counts.data.totals).out,
            })}
          </Text>
          <CountsChart rows={rows} unit={counts.data.unit} />
          {other.isError ? (
            <QueryErrorState
              message={t('peopleCounterPage.comparisonFailed')}
              error={other.error}
              onRetry={other.refetch}
              isRetrying={other.isFetching}
            />
          ) : other.data ? (
            <PeriodComparison
              current={{ period: view, totals: counts.data.totals }}
              other={{ period: compared, totals: other.data.totals }}
              periodText={periodText}
              language={language}
            />
          ) : (
            <Loader size="sm" aria-label={t('peopleCounterPage.loading')} />
          )}
          <CountsTable counts={counts.data} language={language} />
        </Stack>
      )}
      <Box maw={760}>
        <StaffExclusionHelp />
      </Box>
    </Stack>
  );
}
