// detail/{code}/operation-analysis (advanced.md §2, §3, §5, §7; TLT environment modes only): a camera's
// operation analysis setting: its operation areas, drawn over the camera's picture, and the detection
// thresholds. Without the configOperationAnalysis right both are shown read-only (core.md §6). Leaving with
// unsaved changes asks first. The route's loader has loaded the camera and the setting (404 → notfound). The
// analyses requested for the camera read this setting; a link leads to them (issue 15).
import { Alert, Anchor, Box } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CameraPageHeader } from '../../../components/ui/CameraPageHeader.tsx';
import { UnsavedChangesPrompt } from '../../../components/ui/UnsavedChangesPrompt.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { useOperationAnalysisSetting } from '../api/get-operation-analysis-setting.ts';
import { DetectionSettingSection } from './DetectionSettingSection.tsx';
import { OperationAreaSection } from './OperationAreaSection.tsx';

export default function OperationAnalysisPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const camera = useCameraDetailQuery(code);
  const setting = useOperationAnalysisSetting(code);
  const canEdit = useMe().permissions.configOperationAnalysis;
  const [areasDirty, setAreasDirty] = useState(false);
  const [detectionDirty, setDetectionDirty] = useState(false);
  const onAreasDirty = useCallback((dirty: boolean) => setAreasDirty(dirty), []);
  const onDetectionDirty = useCallback((dirty: boolean) => setDetectionDirty(dirty), []);

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <CameraPageHeader
        camera={camera}
        trail={[{ label: t('pages.operation_analysis') }]}
        title={t('operationAnalysis.title', { name: camera.camera_name })}
      />
      <Alert color="blue" mb="md" data-testid="not-analysed-note">
        {t('operationAnalysis.notAnalysedYet')}{' '}
        <Anchor component={Link} to={`/operation-analysis/results?camera=${encodeURIComponent(code)}`}>
          {t('nav.operationAnalysis')}
        </Anchor>
      </Alert>
      {!canEdit && (
        <Alert color="yellow" mb="md" data-testid="read-only-note">
          {t('operationAnalysis.readOnlyNote')}
        </Alert>
      )}
      {/* Keyed by camera: another camera's setting starts from its own saved state. */}
      <OperationAreaSection
        key={`areas-${code}`}
        camera={camera}
        savedAreas={setting.operationAreaList}
        canEdit={canEdit}
        onDirtyChange={onAreasDirty}
      />
      <DetectionSettingSection
        key={`detection-${code}`}
        cameraCode={camera.camera_code}
        saved={setting.detectionSetting}
        canEdit={canEdit}
        onDirtyChange={onDetectionDirty}
      />
      <UnsavedChangesPrompt when={canEdit && (areasDirty || detectionDirty)} />
    </Box>
  );
}
