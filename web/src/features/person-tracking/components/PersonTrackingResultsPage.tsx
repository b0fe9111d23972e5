// person-tracking/results (advanced.md §2; TLT only): the customer's person tracking analyses, newest first, each
// with its camera, period, state and progress (asked again while one runs) and a link to its result; a button
// opens the request dialog (for the camera of `?camera=`, or a camera chosen in it), from which the camera's
// setting dialog opens.
import '../person-tracking-texts.ts';
import { Alert, Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { AnalysisJobTable } from '../../../components/analysis-jobs/AnalysisJobTable.tsx';
import { useAnalyses, useTrackingCameras } from '../api/person-tracking.ts';
import { PersonTrackingRequestDialog } from './PersonTrackingRequestDialog.tsx';
import { PersonTrackingSettingDialog } from './PersonTrackingSettingDialog.tsx';

export default function PersonTrackingResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const cameraCode = search.get('camera');
  const analyses = useAnalyses(cameraCode);
  const cameras = useTrackingCameras();
  const [isRequesting, setRequesting] = useState(false);
  const [settingCamera, setSettingCamera] = useState<string | null>(null);
  const pictureOf = (code: string | null) =>
    cameras.data?.cameras.find((c) => c.camera_code === code)?.thumb_url ?? null;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('personTracking.title')}</PageTitle>
      <Text size="sm" mb="md" maw={760}>
        {t('personTracking.intro')}
      </Text>
      <Group mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRequesting(true)}>
          {t('personTracking.newAnalysis')}
        </Button>
        {cameraCode && (
          <Text size="sm" data-testid="camera-filter">
            {t('personTracking.onlyCamera', {
              name:
                cameras.data?.cameras.find((c) => c.camera_code === cameraCode)?.camera_name ?? cameraCode,
            })}{' '}
            <Anchor component={Link} to="/person-tracking/results">
              {t('personTracking.allCameras')}
            </Anchor>
          </Text>
        )}
      </Group>
      {analyses.isError && (
        <QueryErrorState
          message={t('personTracking.loadFailed')}
          error={analyses.error}
          onRetry={() => analyses.refetch()}
          isRetrying={analyses.isFetching}
        />
      )}
      {analyses.data && analyses.data.length === 0 && <Alert color="gray">{t('personTracking.empty')}</Alert>}
      {analyses.data && analyses.data.length > 0 && (
        <AnalysisJobTable
          analyses={analyses.data}
          resultPath={(id) => `/person-tracking/results/${id}`}
          errorText={(error) => t(`personTracking.errors.${error}`)}
        />
      )}
      <PersonTrackingRequestDialog
        opened={isRequesting}
        onClose={() => setRequesting(false)}
        cameraCode={cameraCode}
        onRequested={(analysis) => {
          setRequesting(false);
          void navigate(`/person-tracking/results/${analysis.id}`);
        }}
        onOpenSetting={(code) => setSettingCamera(code)}
      />
      <PersonTrackingSettingDialog
        cameraCode={settingCamera}
        pictureUrl={pictureOf(settingCamera)}
        onClose={() => setSettingCamera(null)}
      />
    </Box>
  );
}
