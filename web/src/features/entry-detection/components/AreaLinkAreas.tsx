// The two areas of an area link over the camera's picture (advanced.md §5): the entry detection area (required,
// one outline, red) and the machine area (optional, one outline, orange and dashed; it can be removed). A
// switch chooses which one the clicks draw; the area editor does the drawing (keyboard included).
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { AreaEditor, type EditorArea } from '../../../components/area-editor/AreaEditor.tsx';
import { useCameraPicture } from '../../../hooks/use-camera-picture.ts';
import type { Point } from '../../../components/area-editor/area-editor-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { AreaKind, AreaProblem } from '../entry-detection-rules.ts';
import { AreaLegend, ENTRY_AREA_COLOR, MACHINE_AREA_COLOR } from './AreaLegend.tsx';
import { pictureAspectRatio } from './picture.ts';

interface AreaLinkAreasProps {
  camera: CameraDetail;
  areaName: string;
  entryArea: Point[];
  machineArea: Point[];
  kind: AreaKind;
  onKindChange: (kind: AreaKind) => void;
  onChange: (kind: AreaKind, points: Point[]) => void;
  /** Problems shown (an untouched new link's missing area is not, until saving is tried). */
  entryProblem: AreaProblem | null;
  machineProblem: AreaProblem | null;
  serverErrors: { entryArea?: string | undefined; machineArea?: string | undefined };
  readOnly: boolean;
  disabled: boolean;
}

const KINDS: readonly AreaKind[] = ['entry', 'machine'];

export function AreaLinkAreas({
  camera,
  areaName,
  entryArea,
  machineArea,
  kind,
  onKindChange,
  onChange,
  entryProblem,
  machineProblem,
  serverErrors,
  readOnly,
  disabled,
}: AreaLinkAreasProps) {
  const { t } = useTranslation();
  const picture = useCameraPicture(camera);
  const entryName = areaName.trim() || t('entryDetection.entryArea');
  const machineName = t('entryDetection.machineArea');
  const areas: EditorArea[] = [
    { key: 'entry', name: entryName, points: entryArea, color: ENTRY_AREA_COLOR },
    { key: 'machine', name: machineName, points: machineArea, color: MACHINE_AREA_COLOR, dashed: true },
  ];
  const status = (points: Point[]) =>
    points.length === 0
      ? t('entryDetection.areaNotSet')
      : t('entryDetection.areaPoints', { count: points.length });
  const problemText = (problem: AreaProblem | null) =>
    problem === null ? null : t(`entryDetection.areaProblems.${problem}`);
  const entryMessage = problemText(entryProblem) ?? serverErrors.entryArea;
  const machineMessage = problemText(machineProblem) ?? serverErrors.machineArea;

  return (
    <Stack gap="xs">
      {!readOnly && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="area-kind-label">
            {t('entryDetection.areaToDraw')}
          </Text>
          <SegmentedControl
            aria-labelledby="area-kind-label"
            value={kind}
            onChange={(value) => onKindChange(value as AreaKind)}
            disabled={disabled}
            fullWidth
            maw={560}
            data-testid="area-kind"
            data={KINDS.map((value) => ({
              value,
              label: t('entryDetection.kindLabel', {
                area: value === 'entry' ? t('entryDetection.entryArea') : machineName,
                status: status(value === 'entry' ? entryArea : machineArea),
              }),
            }))}
          />
          <Text size="sm" c="dimmed">
            {kind === 'entry' ? t('entryDetection.entryAreaHelp') : t('entryDetection.machineAreaHelp')}
          </Text>
        </Stack>
      )}
      <AreaEditor
        imageUrl={picture.url}
        placeholder={picture.isLoading ? t('areaEditor.loadingPicture') : undefined}
        onImageError={picture.onError}
        aspectRatio={pictureAspectRatio(camera)}
        pictureLabel={t('entryDetection.editPicture', {
          name: camera.camera_name,
          area: kind === 'entry' ? t('entryDetection.entryArea') : machineName,
        })}
        areas={areas}
        selectedIndex={readOnly ? null : KINDS.indexOf(kind)}
        onChangePoints={(index, points) => onChange(KINDS[index]!, points)}
        readOnly={readOnly}
        disabled={disabled}
        hint={readOnly ? t('entryDetection.readOnlyAreasHint') : undefined}
      />
      <Group justify="space-between" align="center" gap="xs">
        <AreaLegend />
        {!readOnly && kind === 'machine' && machineArea.length > 0 && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={disabled}
            onClick={() => onChange('machine', [])}
          >
            {t('entryDetection.removeMachineArea')}
          </Button>
        )}
      </Group>
      {entryMessage && (
        <Alert color="red" p="xs" role="alert" data-testid="entry-area-problem">
          {t('entryDetection.entryAreaProblem', { problem: entryMessage })}
        </Alert>
      )}
      {machineMessage && (
        <Alert color="red" p="xs" role="alert" data-testid="machine-area-problem">
          {t('entryDetection.machineAreaProblem', { problem: machineMessage })}
        </Alert>
      )}
    </Stack>
  );
}
