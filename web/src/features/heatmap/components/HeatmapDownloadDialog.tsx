// The heat map batch download dialog (advanced.md: archive and heat map batch download, §9; issue 14): the
// screen's cameras, hours and weekdays, a period (the screen's at first, the heat map's rules), one image per day
// or one for the whole period, this month's allowance (used / limit) and what will be made (N cameras × M days =
// K images). On OK the batch is posted; the server's refusals (a field, a camera it does not know, the allowance)
// are said in the dialog; otherwise the batch's progress is asked every 2 s until its ZIP is ready (a link to it)
// or making it failed. Mounted while open, so each opening starts from the screen's choices and closing stops
// the polling.
import { Alert, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HEATMAP_MAX_MONTHS, HEATMAP_WEEKDAYS } from '@camwatch/contract/heatmap-rules';
import type { HeatmapDownloadPer } from '@camwatch/contract/heatmap-downloads';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { fieldReasonText, type ReasonTexts } from '../../../lib/server-reason.ts';
import {
  rememberHeatmapDownload,
  requestHeatmapDownload,
  updateListedHeatmapDownload,
  useHeatmapDownloads,
  useHeatmapDownloadStatus,
} from '../api/heatmap-downloads.ts';
import {
  batchSize,
  fieldRoot,
  heatmapDownloadBody,
  isCalendarDay,
  refusedCameraOf,
} from '../heatmap-download-rules.ts';
import { periodProblem, type HeatmapView } from '../heatmap-rules.ts';
import { HeatmapDownloadProgress } from './HeatmapDownloadProgress.tsx';

export interface HeatmapDownloadDialogProps {
  view: HeatmapView;
  cameraNames: ReadonlyMap<string, string>;
  today: string;
  timeZone: string;
  onClose: () => void;
}

/** The fields of the request a 400 may name, in the order their errors are listed. */
const LISTED_FIELDS = ['camera_codes', 'hour_from', 'hour_to', 'weekdays', 'per', 'time_zone'] as const;
type ListedField = (typeof LISTED_FIELDS)[number];

/** Reasons worded for one field (the rest read as the general serverReasons texts). */
const FIELD_TEXTS: Record<string, ReasonTexts> = {
  hour_to: { bad_range: 'heatmap.download.errors.badHours' },
  weekdays: { bad_range: 'heatmap.download.errors.noDays' },
  camera_codes: { invalid_value: 'heatmap.download.errors.cameraTwice' },
};

interface ServerErrors {
  start?: string;
  end?: string;
  listed: { field: ListedField; text: string }[];
}

/** A 400's messages, by the dialog's places: the two date fields, and the rest listed under the choices. */
function serverErrorsOf(error: ApiError): ServerErrors {
  const paths = Object.keys((error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {});
  const textOf = (path: string) => fieldReasonText(error, path, FIELD_TEXTS[fieldRoot(path)]);
  const result: ServerErrors = { listed: [] };
  for (const path of paths) {
    const root = fieldRoot(path);
    const text = textOf(path);
    if (!text) continue;
    if (root === 'start' || root === 'end') result[root] ??= text;
    else if ((LISTED_FIELDS as readonly string[]).includes(root)) {
      const field = root as ListedField;
      if (!result.listed.some((listed) => listed.field === field)) result.listed.push({ field, text });
    }
  }
  return result;
}

export function HeatmapDownloadDialog({
  view,
  cameraNames,
  today,
  timeZone,
  onClose,
}: HeatmapDownloadDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [start, setStart] = useState(view.start);
  const [end, setEnd] = useState(view.end);
  const [per, setPer] = useState<HeatmapDownloadPer>('day');
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({ listed: [] });
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const list = useHeatmapDownloads(true);
  const status = useHeatmapDownloadStatus(downloadId);
  const job = status.data;

  // The list on the screen follows what the dialog learns.
  useEffect(() => {
    if (job) updateListedHeatmapDownload(queryClient, job);
  }, [job, queryClient]);

  // A date field gives '' until its day is whole (and a typed one may be half done): only whole days are checked.
  const isComplete = isCalendarDay(start) && isCalendarDay(end);
  const hours = { hourFrom: view.hourFrom, hourTo: view.hourTo };
  const problem = isComplete ? periodProblem({ start, end }, hours, today) : null;
  const startError = isCalendarDay(start) && start > today ? t('heatmap.periodDialog.afterToday') : null;
  const endError =
    startError || !problem || problem.field !== 'end'
      ? null
      : end > today
        ? t('heatmap.periodDialog.afterToday')
        : end < start
          ? t('heatmap.periodDialog.beforeStart')
          : t('heatmap.periodDialog.tooLong', { months: HEATMAP_MAX_MONTHS });
  const size = batchSize(view.cameras.length, { start, end }, view.weekdays, per);
  const hasNoDays = isComplete && problem === null && size.images === 0 && view.cameras.length > 0;

  const nameOf = (code: string) => cameraNames.get(code) ?? code;

  const submit = async () => {
    if (!isComplete || problem || size.images === 0) return;
    setSending(true);
    setRefusal(null);
    setServerErrors({ listed: [] });
    try {
      const answer = await requestHeatmapDownload(heatmapDownloadBody(view, { start, end }, per, timeZone));
      if (answer.ok) {
        rememberHeatmapDownload(queryClient, answer.download, answer.allowance);
        setDownloadId(answer.download.download_id);
      } else setRefusal(t('messages.downloadLimitExceeded'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const errors = serverErrorsOf(error);
        setServerErrors(errors);
        if (!errors.start && !errors.end && errors.listed.length === 0)
          setRefusal(t('serverReasons.generic'));
      } else if (error instanceof ApiError && error.status === 404) {
        const message = (error.body as { error?: { message?: string } } | null)?.error?.message;
        const code = refusedCameraOf(message, view.cameras);
        setRefusal(
          code
            ? t('heatmap.download.errors.cameraRefused', { name: nameOf(code) })
            : t('heatmap.download.errors.cameraNotFound'),
        );
      } else if (error instanceof ApiError && error.status === 403) setRefusal(t('messages.noPermission'));
      else setRefusal(t('messages.downloadFailed'));
    } finally {
      setSending(false);
    }
  };

  const allowance = list.data?.allowance;
  const allowanceText = allowance
    ? t('heatmap.download.allowance', {
        used: formatBytes(allowance.used_bytes, language),
        limit: formatBytes(allowance.limit_bytes, language),
      })
    : list.isError
      ? null
      : t('heatmap.download.allowanceLoading');

  const weekdaysText =
    view.weekdays.length === HEATMAP_WEEKDAYS.length
      ? t('heatmap.download.everyDay')
      : view.weekdays.map((day) => t(`heatmap.weekdayNames.${day}`)).join('・');

  const choices = (
    <Stack gap="sm">
      <Stack gap={2} data-testid="heatmap-download-choices">
        <Text size="sm" fw={500}>
          {t('heatmap.download.cameras', { count: view.cameras.length })}
        </Text>
        <Text size="sm" data-testid="heatmap-download-cameras">
          {view.cameras.map(nameOf).join('、')}
        </Text>
        <Text size="sm" data-testid="heatmap-download-filter">
          {t('heatmap.download.filter', {
            hours: t('heatmap.download.hoursValue', { from: view.hourFrom, to: view.hourTo }),
            weekdays: weekdaysText,
          })}
        </Text>
      </Stack>
      <Radio.Group
        label={t('heatmap.download.per')}
        value={per}
        onChange={(value) => setPer(value === 'period' ? 'period' : 'day')}
      >
        <Stack gap={6} mt={6}>
          <Radio value="day" label={t('heatmap.download.perDay')} disabled={isSending} />
          <Radio value="period" label={t('heatmap.download.perPeriod')} disabled={isSending} />
        </Stack>
      </Radio.Group>
      <Text size="sm" fw={500} data-testid="heatmap-download-count" aria-live="polite">
        {per === 'day' ? t('heatmap.download.countPerDay', size) : t('heatmap.download.countPerPeriod', size)}
      </Text>
      {hasNoDays && (
        <Text size="sm" c="red" role="alert">
          {t('heatmap.download.errors.noDays')}
        </Text>
      )}
      {serverErrors.listed.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="heatmap-download-field-errors">
          <Stack gap={2}>
            {serverErrors.listed.map(({ field, text }) => (
              <Text key={field} size="sm">
                {t('heatmap.download.fieldError', {
                  field: t(`heatmap.download.fields.${field}`),
                  reason: text,
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );

  return (
    <DateRangeDialog
      onClose={onClose}
      title={t('heatmap.download.title')}
      isBusy={isSending}
      header={
        allowanceText && (
          <Text size="sm" c="dimmed" data-testid="heatmap-download-allowance">
            {allowanceText}
          </Text>
        )
      }
      fields={[
        {
          type: 'date',
          label: t('heatmap.periodDialog.start'),
          value: start,
          max: today,
          onChange: (value) => {
            setStart(value);
            setServerErrors((errors) => ({ ...errors, start: undefined }));
          },
          error: startError ?? serverErrors.start,
          autoFocus: true,
        },
        {
          type: 'date',
          label: t('heatmap.periodDialog.end'),
          value: end,
          max: today,
          onChange: (value) => {
            setEnd(value);
            setServerErrors((errors) => ({ ...errors, end: undefined }));
          },
          error: endError ?? serverErrors.end,
        },
      ]}
      extraFields={choices}
      refusal={refusal}
      submitLabel={t('heatmap.download.request')}
      submitIcon={<IconDownload size={16} aria-hidden />}
      isSubmitDisabled={!isComplete || problem !== null || size.images === 0}
      onSubmit={() => void submit()}
      result={downloadId === null ? undefined : <HeatmapDownloadProgress job={job} onClose={onClose} />}
    />
  );
}
