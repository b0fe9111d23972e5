// The archive download dialog (core.md §2 more-menu; advanced.md §8, §9): a range of at most 24 hours, not in
// the future, starting as the selected hour (or the range picked on the continuous timeline, with its note);
// this month's allowance of the camera (used / limit, each in the unit that suits it). On OK
// the request is posted; a refusal shows why, otherwise the job's progress is asked every 2 s until the file is
// ready (a link to it) or generation failed.
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_MAX_HOURS } from '@camwatch/contract/constants';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { dateTimeInputValue, parseDateTimeInput, toOffsetIso } from '../../../lib/local-time.ts';
import { allowanceQueryOptions, requestDownload, useAllowance, useDownloadStatus } from '../api/downloads.ts';
import { defaultDownloadRange, downloadRangeError } from '../more-menu-rules.ts';

interface Props {
  cameraCode: string;
  hourStart: number;
  /** A range chosen elsewhere (the continuous timeline) to start with instead of the hour. */
  initialRange?: { startMs: number; endMs: number };
  /** Said above the fields (how that range was trimmed to the recordings). */
  note?: string | null;
  onClose: () => void;
}

export function DownloadDialog({ cameraCode, hourStart, initialRange, note, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [opened] = useState(() => Date.now());
  const [range, setRange] = useState(() => {
    const { startMs, endMs } = initialRange ?? defaultDownloadRange(hourStart, opened);
    return { start: dateTimeInputValue(startMs), end: dateTimeInputValue(endMs) };
  });
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const allowance = useAllowance(cameraCode, true);
  const status = useDownloadStatus(downloadId);

  const startMs = parseDateTimeInput(range.start);
  const endMs = parseDateTimeInput(range.end);
  const rangeError = downloadRangeError(startMs, endMs, Date.now());
  const maxValue = dateTimeInputValue(Date.now());

  const submit = async () => {
    if (rangeError) return;
    setSending(true);
    setRefusal(null);
    try {
      const answer = await requestDownload(cameraCode, {
        start_datetime: toOffsetIso(startMs),
        end_datetime: toOffsetIso(endMs),
      });
      if (answer.ok) {
        queryClient.setQueryData(allowanceQueryOptions(cameraCode).queryKey, answer.allowance);
        queryClient.setQueryData(['downloads', 'status', answer.download.download_id], answer.download);
        setDownloadId(answer.download.download_id);
      } else {
        setRefusal(
          answer.reason === 'limit_exceeded'
            ? t('messages.downloadLimitExceeded')
            : t('messages.noDataForDownload'),
        );
      }
    } catch {
      setRefusal(t('messages.downloadFailed'));
    } finally {
      setSending(false);
    }
  };

  const job = status.data;
  const allowanceText = allowance.data
    ? t('player.download.allowance', {
        used: formatBytes(allowance.data.used_bytes, i18n.language),
        limit: formatBytes(allowance.data.limit_bytes, i18n.language),
      })
    : allowance.isError
      ? null
      : t('player.download.allowanceLoading');

  const resultView =
    downloadId === null ? undefined : (
      <Stack gap="sm" data-testid="download-job" data-status={job?.status}>
        {job?.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {t('messages.fileGenerationFailed')}
          </Alert>
        ) : job?.status === 'expired' ? (
          <Alert color="yellow" variant="light" role="alert">
            {t('player.download.expired')}
          </Alert>
        ) : job?.status === 'ready' && job.file_url ? (
          <>
            <Text size="sm" role="status">
              {t('player.download.ready')}
            </Text>
            <Button
              component="a"
              href={job.file_url}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('player.download.link')}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" role="status">
              {job?.status === 'running'
                ? t('player.download.running', { percent: Math.round(job.progress * 100) })
                : t('player.download.queued')}
            </Text>
            <Progress
              value={Math.round((job?.progress ?? 0) * 100)}
              animated
              aria-label={t('player.download.progress')}
            />
            <Text size="xs" c="dimmed">
              {t('player.download.notify')}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <DateRangeDialog
      onClose={onClose}
      title={t('player.download.title')}
      isBusy={isSending}
      header={
        (allowanceText || note) && (
          <>
            {note && (
              <Text size="sm" data-testid="download-note">
                {note}
              </Text>
            )}
            {allowanceText && (
              <Text size="sm" c="dimmed" data-testid="download-allowance">
                {allowanceText}
              </Text>
            )}
          </>
        )
      }
      fields={[
        {
          type: 'datetime-local',
          label: t('player.download.start'),
          value: range.start,
          max: maxValue,
          onChange: (start) => setRange({ ...range, start }),
        },
        {
          type: 'datetime-local',
          label: t('player.download.end'),
          value: range.end,
          max: maxValue,
          onChange: (end) => setRange({ ...range, end }),
          error: rangeError ? t(`player.download.errors.${rangeError}`, { hours: DOWNLOAD_MAX_HOURS }) : null,
          description: t('player.download.hint', { hours: DOWNLOAD_MAX_HOURS }),
        },
      ]}
      refusal={refusal}
      submitLabel={t('player.download.request')}
      isSubmitDisabled={rangeError !== null}
      onSubmit={() => void submit()}
      result={resultView}
    />
  );
}
