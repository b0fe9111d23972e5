// A heat map batch after it was asked for (advanced.md: archive and heat map batch download, §9): waiting, being
// made (its share done), failed, or ready with the link to its ZIP, which is also sent as a download-ready
// notification and kept DOWNLOAD_KEEP_DAYS. The dialog asks the batch's state; this only shows it.
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DOWNLOAD_KEEP_DAYS } from '@camwatch/contract/constants';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export interface HeatmapDownloadProgressProps {
  /** The batch as last asked; undefined until the first answer. */
  job: HeatmapDownload | undefined;
  onClose: () => void;
}

export function HeatmapDownloadProgress({ job, onClose }: HeatmapDownloadProgressProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const percent = Math.round((job?.progress ?? 0) * 100);
  let body;
  if (job?.status === 'failed')
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('messages.fileGenerationFailed')}
      </Alert>
    );
  else if (job?.status === 'expired')
    body = (
      <Alert color="yellow" variant="light" role="alert">
        {t('heatmap.download.expired')}
      </Alert>
    );
  else if (job?.status === 'ready' && job.file_url)
    body = (
      <>
        <Text size="sm" role="status">
          {t('heatmap.download.ready', { size: formatBytes(job.bytes, language) })}
        </Text>
        <Button
          component="a"
          href={job.file_url}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('heatmap.download.link')}
        </Button>
        <Text size="xs" c="dimmed" data-testid="heatmap-download-kept">
          {t('heatmap.download.kept', {
            days: DOWNLOAD_KEEP_DAYS,
            date: job.expires_at ? formatDateTime(new Date(job.expires_at)) : '—',
          })}
        </Text>
      </>
    );
  else
    body = (
      <>
        <Text size="sm" role="status">
          {job?.status === 'running'
            ? t('heatmap.download.running', { percent })
            : t('heatmap.download.queued')}
        </Text>
        <Progress value={percent} animated aria-label={t('heatmap.download.progress')} />
        <Text size="xs" c="dimmed">
          {t('heatmap.download.notify', { days: DOWNLOAD_KEEP_DAYS })}
        </Text>
      </>
    );
  return (
    <Stack gap="sm" data-testid="heatmap-download-job" data-status={job?.status}>
      {body}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
