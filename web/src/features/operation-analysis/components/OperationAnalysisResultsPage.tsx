// operation-analysis/results (advanced.md §2; TLT only): the customer's operation analyses, newest first, each with
// its camera, period, state and progress (asked again while one runs), the reason when it failed, and a link to
// its result; a button opens the request dialog (for the camera of `?camera=`, or a camera chosen in it).
import '../operation-results-texts.ts';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { AnalysisJobTable } from '../../../components/analysis-jobs/AnalysisJobTable.tsx';
import { useOperationAnalyses } from '../api/operation-analysis-results.ts';
import { OperationAnalysisRequestDialog } from './OperationAnalysisRequestDialog.tsx';

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
        <AnalysisJobTable
          analyses={analyses.data}
          resultPath={(id) => `/operation-analysis/results/${id}`}
          errorText={(error) => t(`operationResults.errors.${error}`)}
        />
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
