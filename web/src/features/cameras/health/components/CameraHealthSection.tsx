// The camera information dialog's health section (issue 22): down or up and since when, uptime over 7 and 30 days,
// when its agent was last heard, its newest and oldest recording and newest still, the storage its recordings take,
// how long they are kept, and its latest status changes. A chunk of its own, loaded when the dialog opens.
import { Group, List, Table, Text, Title } from '@mantine/core';
import { QueryErrorState } from '../../../../components/ui/QueryErrorState.tsx';
import { formatBytes, formatDateTime } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import { useCameraHealth } from '../api/camera-health.ts';
import '../camera-health-texts.ts';
import { formatUptime, sinceText } from '../health-format.ts';
import { HealthBadge, Moment } from './health-parts.tsx';

export default function CameraHealthSection({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const health = useCameraHealth(code);
  const title = (
    <Title order={3} size="h5" mt="lg" mb="xs" id="camera-health-title">
      {t('cameraHealth.section')}
    </Title>
  );
  if (health.isError)
    return (
      <>
        {title}
        <QueryErrorState
          message={t('cameraHealth.loadFailed')}
          error={health.error}
          onRetry={health.refetch}
          isRetrying={health.isFetching}
        />
      </>
    );
  const camera = health.data;
  if (!camera)
    return (
      <>
        {title}
        <Text size="sm" c="dimmed">
          {t('cameraHealth.loading')}
        </Text>
      </>
    );
  const language = i18n.language;
  const rows: [string, React.ReactNode][] = [
    [
      t('cameraHealth.status'),
      <Group gap="xs" key="status">
        <HealthBadge camera={camera} />
        <Text size="sm" data-testid="health-since">
          {sinceText(t, camera, Date.now())}
        </Text>
      </Group>,
    ],
    [
      t('cameraHealth.uptime7'),
      <span data-testid="health-uptime-7d">{formatUptime(camera.uptime_7d, language)}</span>,
    ],
    [t('cameraHealth.uptime30'), formatUptime(camera.uptime_30d, language)],
    [t('cameraHealth.lastSeen'), <Moment at={camera.last_seen_at} />],
    [t('cameraHealth.lastClip'), <Moment at={camera.last_clip_at} />],
    [t('cameraHealth.lastStill'), <Moment at={camera.last_still_at} />],
    [t('cameraHealth.oldestClip'), <Moment at={camera.oldest_clip_at} />],
    [
      t('cameraHealth.storage'),
      `${formatBytes(camera.storage_bytes, language)} (${t('cameraHealth.clips', { count: new Intl.NumberFormat(language).format(camera.clip_count) })})`,
    ],
    [t('cameraHealth.retention'), t('cameraHealth.days', { days: camera.retention_days })],
    [
      t('cameraHealth.changes'),
      camera.changes.length === 0 ? (
        <Text span size="sm" c="dimmed">
          {t('cameraHealth.noChanges')}
        </Text>
      ) : (
        <List size="sm" listStyleType="none" spacing={2}>
          {camera.changes.map((change) => (
            <List.Item key={`${change.at}-${change.status}`}>
              {formatDateTime(new Date(change.at))}{' '}
              {t(change.status === 'down' ? 'cameraHealth.changeDown' : 'cameraHealth.changeUp')}
            </List.Item>
          ))}
        </List>
      ),
    ],
  ];
  return (
    <section aria-labelledby="camera-health-title">
      {title}
      <Table variant="vertical" layout="fixed" withTableBorder aria-labelledby="camera-health-title">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={{ base: 110, sm: 160 }}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
