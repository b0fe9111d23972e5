// The three areas of the people counter setting over the camera's picture (advanced.md §3, §5): the difference
// area (optional, blue and dashed; none = the whole picture), the entrance start area (green) and the entrance
// end area (red); a pass from start to end counts as in. A switch chooses which one the clicks draw; the shared
// area editor does the drawing (keyboard included) and clears an area.
import { Alert, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { CameraDetail } from '@camwatch/contract/cameras';
import type { Point } from '@camwatch/contract/polygon-rules';
import { AreaEditor, type EditorArea } from '../../../components/area-editor/AreaEditor.tsx';
import { AreaSwatch } from '../../../components/area-editor/AreaSwatch.tsx';
import { useCameraPicture } from '../../../hooks/use-camera-picture.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { AREA_KINDS, type AreaKind, type AreaProblem } from '../people-counter-setting-rules.ts';

export const PEOPLE_COUNTER_AREA_COLORS: Readonly<Record<AreaKind, string>> = {
  differenceArea: '#228be6',
  entranceStartArea: '#2f9e44',
  entranceEndArea: '#e03131',
};
const DASHED: Readonly<Record<AreaKind, boolean>> = {
  differenceArea: true,
  entranceStartArea: false,
  entranceEndArea: false,
};

const aspectRatio = (camera: Pick<CameraDetail, 'image_rs_width' | 'image_rs_height'>) =>
  camera.image_rs_width > 0 && camera.image_rs_height > 0
    ? camera.image_rs_width / camera.image_rs_height
    : 16 / 9;

interface PeopleCounterSettingAreasProps {
  camera: CameraDetail;
  areas: Record<AreaKind, Point[]>;
  kind: AreaKind;
  onKindChange: (kind: AreaKind) => void;
  onChange: (kind: AreaKind, points: Point[]) => void;
  /** The problem of each area shown now (before saving is tried a missing area is not one). */
  problems: Record<AreaKind, AreaProblem | null>;
  serverErrors: Partial<Record<AreaKind, string>>;
  disabled: boolean;
}

export function PeopleCounterSettingAreas({
  camera,
  areas,
  kind,
  onKindChange,
  onChange,
  problems,
  serverErrors,
  disabled,
}: PeopleCounterSettingAreasProps) {
  const { t } = useTranslation();
  const picture = useCameraPicture(camera);
  const name = (k: AreaKind) => t(`peopleCounterSetting.areas.${k}`);
  const editorAreas: EditorArea[] = AREA_KINDS.map((k) => ({
    key: k,
    name: name(k),
    points: areas[k],
    color: PEOPLE_COUNTER_AREA_COLORS[k],
    dashed: DASHED[k],
  }));
  const status = (k: AreaKind) =>
    areas[k].length === 0
      ? t(k === 'differenceArea' ? 'peopleCounterSetting.wholePicture' : 'peopleCounterSetting.areaNotSet')
      : t('peopleCounterSetting.areaPoints', { count: areas[k].length });
  const messages = AREA_KINDS.flatMap((k) => {
    const problem = problems[k];
    const text = problem ? t(`peopleCounterSetting.areaProblems.${problem}`) : serverErrors[k];
    return text ? [{ kind: k, text }] : [];
  });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <AreaEditor
          imageUrl={picture.url}
          placeholder={picture.isLoading ? t('areaEditor.loadingPicture') : undefined}
          onImageError={picture.onError}
          aspectRatio={aspectRatio(camera)}
          pictureLabel={t('peopleCounterSetting.editPicture', { name: camera.camera_name, area: name(kind) })}
          areas={editorAreas}
          selectedIndex={AREA_KINDS.indexOf(kind)}
          onChangePoints={(index, points) => onChange(AREA_KINDS[index]!, points)}
          disabled={disabled}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="xs">
          <Text size="sm" fw={500} id="people-counter-area-kind">
            {t('peopleCounterSetting.areaToDraw')}
          </Text>
          <SegmentedControl
            aria-labelledby="people-counter-area-kind"
            value={kind}
            onChange={(value) => onKindChange(value as AreaKind)}
            disabled={disabled}
            orientation="vertical"
            fullWidth
            data-testid="people-counter-area-kind"
            data={AREA_KINDS.map((value) => ({
              value,
              label: (
                <Group gap={8} wrap="nowrap" justify="flex-start">
                  <AreaSwatch color={PEOPLE_COUNTER_AREA_COLORS[value]} dashed={DASHED[value]} />
                  <span>
                    {t('peopleCounterSetting.kindLabel', { area: name(value), status: status(value) })}
                  </span>
                </Group>
              ),
            }))}
          />
          <Text size="sm" c="dimmed">
            {t(`peopleCounterSetting.areaHelp.${kind}`)}
          </Text>
          {messages.map(({ kind: k, text }) => (
            <Alert key={k} color="red" p="xs" role="alert" data-testid={`area-problem-${k}`}>
              {t('peopleCounterSetting.areaProblem', { area: name(k), problem: text })}
            </Alert>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
