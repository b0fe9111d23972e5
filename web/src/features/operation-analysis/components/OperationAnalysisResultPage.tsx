// operation-analysis/results/{id} (advanced.md §2; TLT only; issue 15): one analysis: its camera, period and state
// (progress while it runs, asked again every 2 s; the reason when it failed), and once completed, per operation
// area: working and idle time, working share and session count; the sessions on a time line over the period and
// the working minutes per stretch as a chart; every session with a link into the recording at its start; the
// setting it ran with; the CSV. The route's loader has loaded it (an unknown id goes to notfound).
import '../operation-results-texts.ts';
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { clockDuration, recordingAt } from '../../../lib/analysis-job-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute, localDateTime, localTimeWithSeconds } from '../../../lib/local-time.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { csvUrl, resultQueryOptions, useOperationResult } from '../api/operation-analysis-results.ts';
import { DETECTION_FIELDS } from '../operation-analysis-rules.ts';
import { formatShare, workingShare } from '../operation-results-rules.ts';
import { AnalysisJobStateBadge } from '../../../components/analysis-jobs/AnalysisJobStateBadge.tsx';
import { areaHex, OperationTimeline } from './OperationTimeline.tsx';
import { WorkingChart } from './WorkingChart.tsx';

/**
 * What the screen needs before it renders, run by its route loader once this chunk is in (so the shell does not
 * carry it): a fresh copy of the analysis; an unknown or another customer's id answers 404 (→ notfound).
 */
export async function loadPage(id: string): Promise<void> {
  await queryClient.fetchQuery({ ...resultQueryOptions(id), staleTime: 0 });
}

export default function OperationAnalysisResultPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useOperationResult(id);
  const data = query.data;
  if (!data) return null;
  const { analysis, result, setting } = data;
  const startMs = Date.parse(analysis.start);
  const endMs = Date.parse(analysis.end);

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/operation-analysis/results">
          {t('operationResults.result.back')}
        </Anchor>
        <Text size="sm">{analysis.camera_name}</Text>
      </Breadcrumbs>
      <PageTitle>{`${t('operationResults.result.title')}: ${analysis.camera_name}`}</PageTitle>
      <Group gap="md" mb="md">
        <Text size="sm">
          {localDateMinute(startMs)} – {localDateMinute(endMs)}
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
            {t('operationResults.result.csv')}
          </Button>
        )}
      </Group>
      {analysis.error && (
        <Alert color="red" mb="md" role="alert">
          {t(`operationResults.errors.${analysis.error}`)}
        </Alert>
      )}
      {analysis.state === 'running' && (
        <Alert color="blue" mb="md">
          {t('operationResults.result.running')}
        </Alert>
      )}
      {result && (
        <Stack gap="lg">
          <Text size="sm" data-testid="recorded-time">
            {t('operationResults.result.recorded', {
              time: clockDuration(result.recorded_sec),
              period: clockDuration((endMs - startMs) / 1000),
            })}
          </Text>
          {data.clips_skipped > 0 && (
            <Alert color="yellow">
              {t('operationResults.result.skipped', { count: data.clips_skipped })}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operationResults.result.area')}</Table.Th>
                  <Table.Th>{t('operationResults.result.working')}</Table.Th>
                  <Table.Th>{t('operationResults.result.idle')}</Table.Th>
                  <Table.Th>{t('operationResults.result.share')}</Table.Th>
                  <Table.Th>{t('operationResults.result.sessions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.areas.map((area, k) => (
                  <Table.Tr key={area.name} data-testid="area-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <span
                          aria-hidden
                          style={{ width: 12, height: 12, borderRadius: 2, background: areaHex(k) }}
                        />
                        <Text size="sm">{area.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td data-testid="area-working">{clockDuration(area.working_sec)}</Table.Td>
                    <Table.Td>{clockDuration(area.idle_sec)}</Table.Td>
                    <Table.Td>{formatShare(workingShare(area, result.recorded_sec))}</Table.Td>
                    <Table.Td data-testid="area-sessions">{area.session_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <OperationTimeline
            cameraCode={analysis.camera_code}
            areas={result.areas}
            recorded={result.recorded}
            startMs={startMs}
            endMs={endMs}
          />
          <WorkingChart areas={result.areas} startMs={startMs} endMs={endMs} />
          <Box component="section" aria-labelledby="sessions-title">
            <Title order={2} size="h4" id="sessions-title" mb="sm">
              {t('operationResults.result.sessionList')}
            </Title>
            {result.areas.every((a) => a.session_count === 0) ? (
              <Text size="sm">{t('operationResults.result.noSessions')}</Text>
            ) : (
              <ScrollArea.Autosize mah={360} type="auto">
                <Table highlightOnHover stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('operationResults.result.area')}</Table.Th>
                      <Table.Th>{t('operationResults.result.start')}</Table.Th>
                      <Table.Th>{t('operationResults.result.end')}</Table.Th>
                      <Table.Th>{t('operationResults.result.duration')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.areas.flatMap((area) =>
                      area.sessions.map((s) => {
                        const a = Date.parse(s.start);
                        const b = Date.parse(s.end);
                        return (
                          <Table.Tr key={`${area.name}-${s.start}`} data-testid="session-row">
                            <Table.Td>{area.name}</Table.Td>
                            <Table.Td>
                              <Anchor
                                component={Link}
                                to={recordingAt(analysis.camera_code, s.start)}
                                aria-label={t('operationResults.result.watchAt', { time: localDateTime(a) })}
                              >
                                {localDateTime(a)}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>{localTimeWithSeconds(b)}</Table.Td>
                            <Table.Td>{clockDuration((b - a) / 1000)}</Table.Td>
                          </Table.Tr>
                        );
                      }),
                    )}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Box>
          <Box component="section" aria-labelledby="settings-used-title">
            <Title order={2} size="h4" id="settings-used-title" mb="xs">
              {t('operationResults.result.settingsUsed')}
            </Title>
            <Text size="sm">{setting.operationAreaList.map((a) => a.operationAreaName).join('、')}</Text>
            <Group gap="lg" mt={4}>
              {DETECTION_FIELDS.map((field) => (
                <Text size="sm" key={field}>
                  {t(`operationAnalysis.fields.${field}`)}: {setting.detectionSetting[field]}
                </Text>
              ))}
            </Group>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
