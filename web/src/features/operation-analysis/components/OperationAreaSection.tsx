// The operation areas of the setting screen (advanced.md §5, §7): the area editor over the camera's picture
// and the list of areas beside it (add up to 10, rename, delete), saved together by PUT area-setting. While
// saving nothing can be changed; a 400 shows by the field it names, a 403 the no-permission message.
import { Alert, Box, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { OPERATION_AREAS_MAX } from '@camwatch/contract/constants';
import { AreaEditor, type EditorArea } from '../../../components/area-editor/AreaEditor.tsx';
import { areaColor } from '../../../components/area-editor/area-editor-rules.ts';
import { useCameraPicture } from '../../../hooks/use-camera-picture.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translatedFieldErrors } from '../../../lib/server-reason.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateAreaSetting } from '../api/update-area-setting.ts';
import {
  areaFieldErrors,
  areaProblems,
  areasChanged,
  canAddArea,
  hasAreaProblems,
  newAreaKey,
  nextAreaName,
  toDrafts,
  toSavedAreas,
  type AreaFieldErrors,
  type DraftArea,
  type SavedArea,
} from '../operation-analysis-rules.ts';
import { OperationAreaList } from './OperationAreaList.tsx';

interface OperationAreaSectionProps {
  camera: CameraDetail;
  savedAreas: readonly SavedArea[];
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

const NO_ERRORS: AreaFieldErrors = { list: [], areas: {} };

export function OperationAreaSection({
  camera,
  savedAreas,
  canEdit,
  onDirtyChange,
}: OperationAreaSectionProps) {
  const { t } = useTranslation();
  const picture = useCameraPicture(camera);
  const update = useUpdateAreaSetting(camera.camera_code);
  const [baseline, setBaseline] = useState<SavedArea[]>(() => [...savedAreas]);
  const [drafts, setDrafts] = useState<DraftArea[]>(() => toDrafts(savedAreas));
  const [selectedIndex, setSelectedIndex] = useState<number | null>(savedAreas.length > 0 ? 0 : null);
  const [serverErrors, setServerErrors] = useState<AreaFieldErrors>(NO_ERRORS);
  const [isForbidden, setIsForbidden] = useState(false);

  const isDirty = areasChanged(drafts, baseline);
  const problems = useMemo(() => areaProblems(drafts), [drafts]);
  const isInvalid = hasAreaProblems(drafts);
  const isSaving = update.isPending;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const edit = (next: DraftArea[]) => {
    setDrafts(next);
    setServerErrors(NO_ERRORS);
  };

  const addArea = () => {
    if (!canAddArea(drafts.length)) return;
    const name = nextAreaName(
      drafts.map((d) => d.name),
      (n) => t('operationAnalysis.defaultAreaName', { n }),
    );
    edit([...drafts, { key: newAreaKey(), name, points: [] }]);
    setSelectedIndex(drafts.length);
  };

  const deleteArea = (index: number) => {
    const next = drafts.filter((_, i) => i !== index);
    edit(next);
    if (selectedIndex === null) return;
    if (next.length === 0) setSelectedIndex(null);
    else if (selectedIndex === index) setSelectedIndex(Math.min(index, next.length - 1));
    else if (selectedIndex > index) setSelectedIndex(selectedIndex - 1);
  };

  const save = async () => {
    if (isInvalid || !canEdit) return;
    const operationAreaList = toSavedAreas(drafts);
    setServerErrors(NO_ERRORS);
    setIsForbidden(false);
    try {
      await update.mutateAsync({ operationAreaList });
      setBaseline(operationAreaList);
      setDrafts((current) => current.map((draft) => ({ ...draft, name: draft.name.trim() })));
      showToast({ color: 'green', message: t('operationAnalysis.areasSaved') });
    } catch (error) {
      if (!(error instanceof ApiError)) return; // no answer: the common error message is shown
      if (error.status === 400) setServerErrors(areaFieldErrors(translatedFieldErrors(error)));
      else if (error.status === 403) setIsForbidden(true);
      else if (error.status < 500) showToast({ color: 'red', message: t('operationAnalysis.saveFailed') });
    }
  };

  const editorAreas: EditorArea[] = drafts.map((draft, index) => ({
    key: draft.key,
    name: draft.name,
    points: draft.points,
    color: areaColor(index),
  }));
  const isFull = !canAddArea(drafts.length);

  return (
    <Box component="section" aria-labelledby="operation-areas-title" mb="xl">
      <Title order={2} size="h4" mb="sm" id="operation-areas-title">
        {t('operationAnalysis.areas')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AreaEditor
            imageUrl={picture.url}
            placeholder={picture.isLoading ? t('areaEditor.loadingPicture') : undefined}
            onImageError={picture.onError}
            aspectRatio={
              camera.image_rs_width > 0 && camera.image_rs_height > 0
                ? camera.image_rs_width / camera.image_rs_height
                : 16 / 9
            }
            pictureLabel={t('operationAnalysis.picture', { name: camera.camera_name })}
            areas={editorAreas}
            selectedIndex={selectedIndex}
            onChangePoints={(index, points) =>
              edit(drafts.map((draft, i) => (i === index ? { ...draft, points } : draft)))
            }
            readOnly={!canEdit}
            disabled={isSaving}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <OperationAreaList
              areas={drafts}
              problems={problems}
              serverErrors={serverErrors.areas}
              selectedIndex={selectedIndex}
              onSelect={setSelectedIndex}
              onRename={(index, name) =>
                edit(drafts.map((draft, i) => (i === index ? { ...draft, name } : draft)))
              }
              onDelete={deleteArea}
              canEdit={canEdit}
              disabled={isSaving}
            />
            {canEdit && (
              <>
                <Group gap="xs">
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={isSaving || isFull}
                    onClick={addArea}
                  >
                    {t('operationAnalysis.addArea')}
                  </Button>
                  <Text size="sm" c="dimmed">
                    {t('operationAnalysis.areaCount', { count: drafts.length, max: OPERATION_AREAS_MAX })}
                  </Text>
                </Group>
                {isFull && (
                  <Text size="sm" c="dimmed">
                    {t('operationAnalysis.maxAreas', { max: OPERATION_AREAS_MAX })}
                  </Text>
                )}
                {serverErrors.list.map((message) => (
                  <Alert key={message} color="red" role="alert" p="xs">
                    {message}
                  </Alert>
                ))}
                {isForbidden && (
                  <Alert color="red" role="alert" p="xs">
                    {t('messages.noPermission')}
                  </Alert>
                )}
                {isDirty && isInvalid && (
                  <Text size="sm" c="red.7" role="status">
                    {t('operationAnalysis.fixAreas')}
                  </Text>
                )}
                <Group gap="xs">
                  <Button onClick={() => void save()} loading={isSaving} disabled={!isDirty || isInvalid}>
                    {t('operationAnalysis.saveAreas')}
                  </Button>
                  {isDirty && !isSaving && (
                    <Text size="sm" c="orange.8" data-testid="areas-unsaved">
                      {t('operationAnalysis.unsaved')}
                    </Text>
                  )}
                </Group>
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
