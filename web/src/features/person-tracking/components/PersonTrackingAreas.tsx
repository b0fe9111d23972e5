// The tracking range and the detection processing range of the person tracking setting (advanced.md §3, §5): each
// a list of named areas (at most 10, each at most 10 points, no crossing lines) drawn with the shared area editor
// over the camera's picture. No area: the whole picture.
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PERSON_TRACKING_AREA_NAME_MAX,
  PERSON_TRACKING_AREAS_MAX,
  type PersonTrackingArea,
} from '@camwatch/contract/person-tracking-rules';
import { AreaEditor } from '../../../components/area-editor/AreaEditor.tsx';
import { areaColor } from '../../../components/area-editor/area-editor-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type RangeKey = 'trackingRange' | 'detectionProcessingRange';

interface Props {
  pictureUrl: string | null;
  trackingRange: PersonTrackingArea[];
  detectionRange: PersonTrackingArea[];
  readOnly: boolean;
  onChange: (ranges: Partial<Record<RangeKey, PersonTrackingArea[]>>) => void;
}

export function PersonTrackingAreas({
  pictureUrl,
  trackingRange,
  detectionRange,
  readOnly,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const [which, setWhich] = useState<RangeKey>('trackingRange');
  const [selected, setSelected] = useState<number | null>(trackingRange.length > 0 ? 0 : null);
  const areas = which === 'trackingRange' ? trackingRange : detectionRange;
  const set = (next: PersonTrackingArea[]) => onChange({ [which]: next });
  const prefix =
    which === 'trackingRange'
      ? t('personTracking.setting.trackingRange')
      : t('personTracking.setting.detectionRange');

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('personTracking.setting.areas')}
      </Title>
      <SegmentedControl
        value={which}
        onChange={(value) => {
          const next = value as RangeKey;
          setWhich(next);
          setSelected((next === 'trackingRange' ? trackingRange : detectionRange).length > 0 ? 0 : null);
        }}
        data={[
          { value: 'trackingRange', label: t('personTracking.setting.trackingRange') },
          { value: 'detectionProcessingRange', label: t('personTracking.setting.detectionRange') },
        ]}
      />
      <Text size="sm" c="dimmed">
        {which === 'trackingRange'
          ? t('personTracking.setting.trackingRangeHelp')
          : t('personTracking.setting.detectionRangeHelp')}
      </Text>
      <AreaEditor
        imageUrl={pictureUrl}
        aspectRatio={16 / 9}
        pictureLabel={prefix}
        areas={areas.map((a, i) => ({
          key: `${which}-${i}`,
          name: a.name,
          points: a.points,
          color: areaColor(i),
        }))}
        selectedIndex={selected}
        readOnly={readOnly}
        onChangePoints={(index, points) => set(areas.map((a, i) => (i === index ? { ...a, points } : a)))}
      />
      {areas.length === 0 && <Text size="sm">{t('personTracking.setting.wholePicture')}</Text>}
      {areas.map((area, index) => (
        <Group key={`${which}-${index}`} gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant={selected === index ? 'filled' : 'light'}
            color={areaColor(index)}
            onClick={() => setSelected(index)}
            aria-pressed={selected === index}
          >
            {index + 1}
          </Button>
          <TextInput
            aria-label={`${prefix} ${index + 1}`}
            value={area.name}
            maxLength={PERSON_TRACKING_AREA_NAME_MAX}
            readOnly={readOnly}
            onChange={(event) => {
              const name = event.currentTarget.value;
              set(areas.map((a, i) => (i === index ? { ...a, name } : a)));
            }}
            style={{ flex: 1 }}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('personTracking.setting.deleteArea', { name: area.name })}
              onClick={() => {
                set(areas.filter((_, i) => i !== index));
                setSelected(areas.length > 1 ? 0 : null);
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && areas.length < PERSON_TRACKING_AREAS_MAX && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => {
            set([...areas, { name: `${prefix} ${areas.length + 1}`, points: [] }]);
            setSelected(areas.length);
          }}
          w="fit-content"
        >
          {t('personTracking.setting.addArea')}
        </Button>
      )}
    </Stack>
  );
}
