// detail/{code}/entry-detection-report (advanced.md §2, §9; TLT environment modes only): a camera's entries of
// one day: a bar chart of the entries that began in each interval (1, 5, 10 or 30 minutes) per area, stacked
// ("Stack") or side by side ("set"), and the history of entries, an area's entries within the continue time (1
// or 5 minutes) of each other counted as one. The view lives in the URL. Today's report refreshes each minute.
// The alerts need configEnterAlert (the server answers 403 otherwise).
import '../entry-report-texts.ts';
import {
  Alert,
  Anchor,
  Box,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  CONTINUE_TIME_OPTIONS_MIN,
  ENTRY_HISTORY_INTERVALS_MIN,
  ENTRY_REPORT_CHART_TYPES,
} from '@camwatch/contract/constants';
import { CameraPageHeader } from '../../../components/ui/CameraPageHeader.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate, nextLocalMidnight, parseDateInput } from '../../../lib/local-time.ts';
import { useAlerts } from '../api/get-alerts.ts';
import {
  areasOf,
  countByInterval,
  durationSec,
  entriesOf,
  joinByContinueTime,
  reportViewOf,
  type ReportView,
} from '../report-rules.ts';
import { AREA_COLORS, EntryChart } from './EntryChart.tsx';

export default function EntryReportPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const camera = useCameraDetailQuery(code);
  const [search, setSearch] = useSearchParams();
  const today = localDate(Date.now());
  const view = reportViewOf(search, today);
  const dayStartMs = parseDateInput(view.date);
  const alerts = useAlerts(code, dayStartMs);

  const setView = (next: Partial<ReportView>) => {
    const merged = { ...view, ...next };
    setSearch(
      {
        date: merged.date,
        interval: String(merged.interval),
        chart: merged.chart,
        continue: String(merged.continueMin),
      },
      { replace: true },
    );
  };

  const { entries, areas, bins } = useMemo(() => {
    const joined = joinByContinueTime(entriesOf(alerts.data ?? []), view.continueMin);
    const names = areasOf(joined);
    return {
      entries: joined,
      areas: names,
      bins: countByInterval(joined, names, dayStartMs, nextLocalMidnight(dayStartMs), view.interval),
    };
  }, [alerts.data, view.continueMin, view.interval, dayStartMs]);

  const denied = alerts.error instanceof ApiError && alerts.error.status === 403;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <CameraPageHeader
        camera={camera}
        trail={[{ label: t('pages.entry_detection_report') }]}
        title={t('entryReport.title', { name: camera.camera_name })}
      />
      <Group gap="md" align="flex-end" wrap="wrap" mb="md" role="group" aria-label={t('entryReport.options')}>
        <TextInput
          type="date"
          label={t('entryReport.date')}
          value={view.date}
          max={today}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (Number.isFinite(parseDateInput(value)) && value <= today) setView({ date: value });
          }}
        />
        <Select
          label={t('entryReport.interval')}
          data={ENTRY_HISTORY_INTERVALS_MIN.map((m) => ({
            value: String(m),
            label: t('entryReport.minutes', { count: m }),
          }))}
          value={String(view.interval)}
          allowDeselect={false}
          onChange={(value) => value && setView({ interval: Number(value) as ReportView['interval'] })}
          w={140}
        />
        <Select
          label={t('entryReport.continueTime')}
          data={CONTINUE_TIME_OPTIONS_MIN.map((m) => ({
            value: String(m),
            label: t('entryReport.minutes', { count: m }),
          }))}
          value={String(view.continueMin)}
          allowDeselect={false}
          onChange={(value) => value && setView({ continueMin: Number(value) as ReportView['continueMin'] })}
          w={140}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="entry-chart-type">
            {t('entryReport.chartType')}
          </Text>
          <SegmentedControl
            aria-labelledby="entry-chart-type"
            value={view.chart}
            onChange={(value) => setView({ chart: value })}
            data={ENTRY_REPORT_CHART_TYPES.map((type) => ({
              value: type,
              label: t(`entryReport.chart.${type}`),
            }))}
          />
        </Stack>
      </Group>
      {denied ? (
        <Alert color="yellow">{t('messages.noPermission')}</Alert>
      ) : alerts.isError ? (
        <QueryErrorState
          message={t('entryReport.loadFailed')}
          error={alerts.error}
          onRetry={alerts.refetch}
          isRetrying={alerts.isFetching}
        />
      ) : alerts.isPending ? (
        <Loader aria-label={t('entryReport.loading')} />
      ) : (
        <Stack gap="lg" maw={960}>
          <Text size="sm" data-testid="entry-total">
            {t('entryReport.total', { count: entries.length })}
          </Text>
          <EntryChart bins={bins} areas={areas} type={view.chart} intervalMin={view.interval} />
          <Box>
            <Text fw={600} mb="xs" component="h2" size="md">
              {t('entryReport.history')}
            </Text>
            {entries.length === 0 ? (
              <Text c="dimmed">{t('entryReport.none')}</Text>
            ) : (
              <Table striped withTableBorder data-testid="entry-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('entryReport.columns.start')}</Table.Th>
                    <Table.Th>{t('entryReport.columns.end')}</Table.Th>
                    <Table.Th>{t('entryReport.columns.duration')}</Table.Th>
                    <Table.Th>{t('entryReport.columns.area')}</Table.Th>
                    <Table.Th>{t('entryReport.columns.video')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={`${entry.areaName}-${entry.startMs}`}>
                      <Table.Td>{formatDateTime(new Date(entry.startMs))}</Table.Td>
                      <Table.Td>{formatDateTime(new Date(entry.endMs))}</Table.Td>
                      <Table.Td>{t('entryReport.seconds', { count: durationSec(entry) })}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Box
                            w={10}
                            h={10}
                            style={{
                              background: AREA_COLORS[areas.indexOf(entry.areaName) % AREA_COLORS.length],
                            }}
                            aria-hidden
                          />
                          {entry.areaName}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          fz="sm"
                          component={Link}
                          to={`/detail/${encodeURIComponent(camera.camera_code)}?date=${encodeURIComponent(new Date(entry.startMs).toISOString())}`}
                        >
                          {t('entryReport.watch')}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
