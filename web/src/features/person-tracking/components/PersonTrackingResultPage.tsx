// person-tracking/results/{id} (advanced.md §2; TLT only): one analysis: its camera, period and state (progress
// while it runs, asked again every 2 s; the reason when it failed), and once completed every tracked person: their
// path over the camera's picture, first and last time (each a link into the recording at that moment), time, time
// in each area of the tracking range, and whether they were judged a transport; the CSV of it all. The route's
// loader has loaded it (an unknown id goes to notfound).
import '../person-tracking-texts.ts';
import { Alert, Anchor, Box, Breadcrumbs, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute, localDateTime } from '../../../lib/local-time.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { csvUrl, resultQueryOptions, useResult } from '../api/person-tracking.ts';
import { clockDuration, recordingAt } from '../../../lib/analysis-job-rules.ts';
import { personColor } from '../person-tracking-rules.ts';
import { AnalysisJobStateBadge } from '../../../components/analysis-jobs/AnalysisJobStateBadge.tsx';
import { PersonPathPicture } from './PersonPathPicture.tsx';

/**
 * What the screen needs before it renders, run by its route loader once this chunk is in (so the shell does not
 * carry it): a fresh copy of the analysis; an unknown or another customer's id answers 404 (→ notfound).
 */
export async function loadPage(id: string): Promise<void> {
  await queryClient.fetchQuery({ ...resultQueryOptions(id), staleTime: 0 });
}

export default function PersonTrackingResultPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const result = useResult(id);
  const [chosen, setChosen] = useState<string | null>(null);
  const data = result.data;
  if (!data) return null;
  const { analysis, persons } = data;
  const areas = data.setting.trackingRange;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/person-tracking/results">
          {t('personTracking.result.back')}
        </Anchor>
        <Text size="sm">{analysis.camera_name}</Text>
      </Breadcrumbs>
      <PageTitle>{`${t('personTracking.result.title')}: ${analysis.camera_name}`}</PageTitle>
      <Group gap="md" mb="md">
        <Text size="sm">
          {localDateMinute(Date.parse(analysis.start))} – {localDateMinute(Date.parse(analysis.end))}
        </Text>
        <AnalysisJobStateBadge analysis={analysis} withProgress />
        {analysis.state === 'completed' && (
          <Button
            component="a"
            href={csvUrl(id, i18n.language)}
            download
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {t('personTracking.result.csv')}
          </Button>
        )}
      </Group>
      {analysis.error && (
        <Alert color="red" mb="md" role="alert">
          {t(`personTracking.errors.${analysis.error}`)}
        </Alert>
      )}
      {analysis.state === 'running' && (
        <Alert color="blue" mb="md">
          {t('personTracking.result.running')}
        </Alert>
      )}
      {persons && (
        <Stack gap="md">
          <Text fw={600} data-testid="person-count">
            {persons.length > 0
              ? t('personTracking.result.persons', { count: persons.length })
              : t('personTracking.result.noPersons')}
          </Text>
          {data.clips_skipped > 0 && (
            <Alert color="yellow">{t('personTracking.result.skipped', { count: data.clips_skipped })}</Alert>
          )}
          <PersonPathPicture
            pictureUrl={data.picture_url}
            label={t('personTracking.result.picture', { camera: analysis.camera_name })}
            persons={persons}
            areas={areas}
            chosen={chosen}
          />
          {persons.length > 0 && (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('personTracking.result.person')}</Table.Th>
                    <Table.Th>{t('personTracking.result.firstAt')}</Table.Th>
                    <Table.Th>{t('personTracking.result.lastAt')}</Table.Th>
                    <Table.Th>{t('personTracking.result.duration')}</Table.Th>
                    {areas.map((area) => (
                      <Table.Th key={area.name}>{area.name}</Table.Th>
                    ))}
                    <Table.Th>{t('personTracking.result.transport')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {persons.map((p, index) => {
                    const first = Date.parse(p.first_at);
                    const last = Date.parse(p.last_at);
                    return (
                      <Table.Tr
                        key={p.id}
                        data-testid="person-row"
                        onMouseEnter={() => setChosen(p.id)}
                        onMouseLeave={() => setChosen(null)}
                        bg={chosen === p.id ? 'var(--mantine-color-gray-1)' : undefined}
                      >
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <span
                              aria-hidden
                              style={{
                                width: 12,
                                height: 12,
                                borderRadius: 6,
                                background: personColor(index),
                              }}
                            />
                            <Text size="sm">{index + 1}</Text>
                            <Text size="xs" c="dimmed">
                              {p.id}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={recordingAt(analysis.camera_code, p.first_at)}
                            aria-label={t('personTracking.result.watchAt', { time: localDateTime(first) })}
                          >
                            {localDateTime(first)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={recordingAt(analysis.camera_code, p.last_at)}
                            aria-label={t('personTracking.result.watchAt', { time: localDateTime(last) })}
                          >
                            {localDateTime(last)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{clockDuration((last - first) / 1000)}</Table.Td>
                        {p.area_seconds.map((a) => (
                          <Table.Td key={a.name}>{clockDuration(a.seconds)}</Table.Td>
                        ))}
                        <Table.Td>
                          {p.is_transport ? t('personTracking.result.yes') : t('personTracking.result.no')}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Box>
  );
}
