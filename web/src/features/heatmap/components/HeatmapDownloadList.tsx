// The user's recent heat map batch downloads (advanced.md: heat map batch download; issue 14), folded under the
// heat map until opened: per batch its cameras and period, its state and progress, when it was asked for, until
// when its ZIP is kept and a link to it once ready, or why it failed. Asked only while open, and asked again
// every 2 s while one of them is being made.
import { Accordion, Anchor, Badge, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { DownloadStatus } from '@camwatch/contract/downloads';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useHeatmapDownloads } from '../api/heatmap-downloads.ts';

const STATUS_COLOURS: Record<DownloadStatus, string> = {
  queued: 'gray',
  running: 'blue',
  ready: 'green',
  failed: 'red',
  expired: 'gray',
};

const SECTION = 'recent';
const slashed = (day: string) => day.replaceAll('-', '/');

export function HeatmapDownloadList({ cameraNames }: { cameraNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const isOpen = opened === SECTION;
  const list = useHeatmapDownloads(isOpen, isOpen);

  let body;
  if (!isOpen) body = null;
  else if (list.isPending) body = <Loader size="sm" aria-label={t('heatmap.download.recentLoading')} />;
  else if (list.isError)
    body = (
      <QueryErrorState
        message={t('heatmap.download.recentLoadFailed')}
        error={list.error}
        onRetry={list.refetch}
        isRetrying={list.isFetching}
      />
    );
  else if (list.data.downloads.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('heatmap.download.recentEmpty')}
      </Text>
    );
  else
    body = (
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.data.downloads.map((download) => (
          <DownloadRow key={download.download_id} download={download} cameraNames={cameraNames} />
        ))}
      </Stack>
    );

  return (
    <Accordion variant="contained" value={opened} onChange={setOpened} data-testid="heatmap-downloads">
      <Accordion.Item value={SECTION}>
        <Accordion.Control>{t('heatmap.download.recent')}</Accordion.Control>
        <Accordion.Panel>{body}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function DownloadRow({
  download,
  cameraNames,
}: {
  download: HeatmapDownload;
  cameraNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const percent = Math.round(download.progress * 100);
  const cameras = download.camera_codes.map((code) => cameraNames.get(code) ?? code).join('、');
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid="heatmap-download-row"
      data-download={download.download_id}
      data-status={download.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('heatmap.download.rowTitle', {
              start: slashed(download.start),
              end: slashed(download.end),
              per: t(download.per === 'day' ? 'heatmap.download.perDay' : 'heatmap.download.perPeriod'),
            })}
          </Text>
          <Badge color={STATUS_COLOURS[download.status]} variant="light">
            {download.status === 'running'
              ? t('heatmap.download.statusRunning', { percent })
              : t(`heatmap.download.status.${download.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {cameras}
        </Text>
        {download.status === 'running' && (
          <Progress value={percent} aria-label={t('heatmap.download.progress')} size="sm" />
        )}
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('heatmap.download.createdAt', { time: formatDateTime(new Date(download.created_at)) })}
          </Text>
          {download.expires_at && (
            <Text size="xs" c="dimmed">
              {t('heatmap.download.expiresAt', { time: formatDateTime(new Date(download.expires_at)) })}
            </Text>
          )}
        </Group>
        {download.status === 'failed' && (
          <Text size="sm" c="red">
            {/* The server's own error text is never shown (lib/server-reason.ts): it is for the logs. */}
            {t('messages.fileGenerationFailed')}
          </Text>
        )}
        {download.status === 'ready' && download.file_url && (
          <Anchor href={download.file_url} download size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              {t('heatmap.download.link')}
            </Group>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
