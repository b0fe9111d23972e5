// /health (issue 22 "Camera health"): the customer's cameras, most trouble first — offline (longest first), then the
// lowest 7-day uptime, then the oldest newest recording — with since when, uptime over 7 and 30 days, the newest
// recording and still, the storage used and how long recordings are kept; each camera links to its detail page.
// A page of 50 at a time (the page is in the address); refreshed every 30 s.
import { Alert, Anchor, Box, Stack, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../../components/ui/PageTitle.tsx';
import { Pager } from '../../../../components/ui/Pager.tsx';
import { formatBytes } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import { useCameraHealthList } from '../api/camera-health.ts';
import '../camera-health-texts.ts';
import { formatUptime, pageOf, sinceText } from '../health-format.ts';
import { HealthBadge, Moment } from './health-parts.tsx';

export default function CameraHealthPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const list = useCameraHealthList(page);
  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.count)) : 1;
  const language = i18n.language;
  const now = Date.now();

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('cameraHealth.title')}</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        {t('cameraHealth.description')}
      </Text>
      <Stack gap="sm">
        {list.isError && !data ? (
          <Alert color="red" role="alert">
            {t('cameraHealth.loadFailed')}
          </Alert>
        ) : !data ? (
          <Text c="dimmed">{t('cameraHealth.loading')}</Text>
        ) : data.total === 0 ? (
          <Text>{t('cameraHealth.empty')}</Text>
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {t('cameraHealth.summary', { total: data.total, down: data.down })}
            </Text>
            <Table.ScrollContainer minWidth={960}>
              <Table striped aria-label={t('cameraHealth.table')} verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('cameraHealth.camera')}</Table.Th>
                    <Table.Th>{t('cameraHealth.status')}</Table.Th>
                    <Table.Th>{t('cameraHealth.since')}</Table.Th>
                    <Table.Th>{t('cameraHealth.uptime7')}</Table.Th>
                    <Table.Th>{t('cameraHealth.uptime30')}</Table.Th>
                    <Table.Th>{t('cameraHealth.lastClip')}</Table.Th>
                    <Table.Th>{t('cameraHealth.lastStill')}</Table.Th>
                    <Table.Th>{t('cameraHealth.storage')}</Table.Th>
                    <Table.Th>{t('cameraHealth.retention')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.cameras.map((camera) => (
                    <Table.Tr key={camera.camera_code} data-camera={camera.camera_code}>
                      <Table.Td style={{ minWidth: 140 }}>
                        <Anchor component={Link} to={`/detail/${encodeURIComponent(camera.camera_code)}`}>
                          {camera.camera_name}
                        </Anchor>
                        {camera.location_name && (
                          <Text size="xs" c="dimmed">
                            {camera.location_name}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 80 }}>
                        <HealthBadge camera={camera} />
                      </Table.Td>
                      <Table.Td>{sinceText(t, camera, now)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatUptime(camera.uptime_7d, language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatUptime(camera.uptime_30d, language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Moment at={camera.last_clip_at} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Moment at={camera.last_still_at} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatBytes(camera.storage_bytes, language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {t('cameraHealth.days', { days: camera.retention_days })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {lastPage > 1 && (
              <Pager
                page={Math.min(page, lastPage)}
                last={lastPage}
                onChange={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
                labels={{
                  nav: t('cameraHealth.pager'),
                  first: t('cameraHealth.firstPage'),
                  previous: t('cameraHealth.previousPage'),
                  next: t('cameraHealth.nextPage'),
                  last: t('cameraHealth.lastPage'),
                  page: (n) => t('cameraHealth.page', { page: n }),
                }}
              />
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
