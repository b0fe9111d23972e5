// The results list of a TLT analysis (advanced.md §2: person tracking, operation analysis): the customer's
// analyses, newest first, each with its camera, period, state and progress, the reason when it failed (in the
// kind's words), who asked and when, and a link to its result.
import './analysis-jobs-texts.ts';
import { Anchor, Table, Text } from '@mantine/core';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { localDateMinute } from '../../lib/local-time.ts';
import { AnalysisJobStateBadge } from './AnalysisJobStateBadge.tsx';

export function AnalysisJobTable({
  analyses,
  resultPath,
  errorText,
}: {
  analyses: readonly AnalysisJob[];
  /** The result screen's path of an analysis. */
  resultPath: (id: string) => string;
  /** Why an analysis ended without results, in the kind's words. */
  errorText: (error: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('analysisJobs.camera')}</Table.Th>
            <Table.Th>{t('analysisJobs.period')}</Table.Th>
            <Table.Th>{t('analysisJobs.state')}</Table.Th>
            <Table.Th>{t('analysisJobs.requestedAt')}</Table.Th>
            <Table.Th>{t('analysisJobs.requestedBy')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {analyses.map((a) => (
            <Table.Tr key={a.id} data-testid="analysis-row">
              <Table.Td>{a.camera_name}</Table.Td>
              <Table.Td>
                {localDateMinute(Date.parse(a.start))} – {localDateMinute(Date.parse(a.end))}
              </Table.Td>
              <Table.Td>
                <AnalysisJobStateBadge analysis={a} withProgress />
                {a.error && (
                  <Text size="xs" c="red" mt={4}>
                    {errorText(a.error)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{localDateMinute(Date.parse(a.requested_at))}</Table.Td>
              <Table.Td>{a.requested_by ?? '—'}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={resultPath(a.id)}>
                  {t('analysisJobs.open')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
