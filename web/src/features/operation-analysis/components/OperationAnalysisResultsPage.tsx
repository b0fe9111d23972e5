// operation-analysis/results (advanced.md §2; TLT only): the customer's operation analyses, newest first, each with
// its camera, period, state and progress (asked again while one runs), the reason when it failed, and a link to
// its result; a button opens the request dialog (for the camera of `?camera=`, or a camera chosen in it).
import '../operation-results-texts.ts';
import { Alert, Anchor, Box, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute } from '../../../lib/local-time.ts';
import { useOperationAnalyses } from '../api/operation-analysis-results.ts';
import { OperationAnalysisRequestDialog } from './OperationAnalysisRequestDialog.tsx';
import { OperationStateBadge } from './OperationStateBadge.tsx';

export default function OperationAnalysisResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const cameraCode = search.get('camera');
  const analyses = useOperationAnalyses(cameraCode);
  const canRequest = useMe().permissions.configOperationAnalysis;
  const [isRequesting, setRequesting] = useState(false);

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('operationResults.title')}</PageTitle>
      <Text size="sm" mb="md" maw={760}>
        {t('operationResults.intro')}
      </Text>
      {canRequest && (
        <Group mb="md">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRequesting(true)}>
            {t('operationResults.newAnalysis')}
          </Button>
        </Group>
      )}
      {analyses.isError && (
        <QueryErrorState
          message={t('operationResults.loadFailed')}
          error={analyses.error}
          onRetry={() => analyses.refetch()}
          isRetrying={analyses.isFetching}
        />
      )}
      {analyses.data && analyses.data.length === 0 && (
        <Alert color="gray">{t('operationResults.empty')}</Alert>
      )}
      {analyses.data && analyses.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operationResults.camera')}</Table.Th>
                <Table.Th>{t('operationResults.period')}</Table.Th>
                <Table.Th>{t('operationResults.state')}</Table.Th>
                <Table.Th>{t('operationResults.requestedAt')}</Table.Th>
                <Table.Th>{t('operationResults.requestedBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {analyses.data.map((a) => (
                <Table.Tr key={a.id} data-testid="analysis-row">
                  <Table.Td>{a.camera_name}</Table.Td>
                  <Table.Td>
                    {localDateMinute(Date.parse(a.start))} – {localDateMinute(Date.parse(a.end))}
                  </Table.Td>
                  <Table.Td>
                    <OperationStateBadge analysis={a} />
                    {a.error && (
                      <Text size="xs" c="red" mt={4}>
                        {t(`operationResults.errors.${a.error}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{localDateMinute(Date.parse(a.requested_at))}</Table.Td>
                  <Table.Td>{a.requested_by ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/operation-analysis/results/${a.id}`}>
                      {t('operationResults.open')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OperationAnalysisRequestDialog
        opened={isRequesting}
        onClose={() => setRequesting(false)}
        cameraCode={cameraCode}
        onRequested={(analysis) => {
          setRequesting(false);
          void navigate(`/operation-analysis/results/${analysis.id}`);
        }}
      />
    </Box>
  );
}
