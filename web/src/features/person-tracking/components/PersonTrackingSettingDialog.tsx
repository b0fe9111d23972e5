// The person tracking setting dialog (advanced.md §3 person tracking settings, §6 configPersonTracking): the
// detection and tracking thresholds, each with what it changes in plain words and checked against the contract's
// range as typed, the transport judgment, and the camera's tracking and detection processing ranges (named areas
// drawn over its picture: PersonTrackingAreas). Without the right everything is shown read-only.
import '../person-tracking-texts.ts';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  numberProblem,
  PERSON_TRACKING_RANGES,
  TRANSPORT_DIRECTIONS,
  TRANSPORT_RANGES,
  type PersonTrackingNumberField,
  type PersonTrackingSettingValues,
  type TransportDirection,
} from '@camwatch/contract/person-tracking-rules';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTrackingSetting, useUpdateTrackingSetting } from '../api/person-tracking.ts';
import { PersonTrackingAreas } from './PersonTrackingAreas.tsx';

const NUMBER_FIELDS = Object.keys(PERSON_TRACKING_RANGES) as PersonTrackingNumberField[];
const TRANSPORT_NUMBERS = ['width', 'height', 'threshold'] as const;

interface Props {
  cameraCode: string | null;
  pictureUrl: string | null;
  onClose: () => void;
}

export function PersonTrackingSettingDialog({ cameraCode, pictureUrl, onClose }: Props) {
  const { t } = useTranslation();
  const setting = useTrackingSetting(cameraCode);
  const [saving, setSaving] = useState(false);
  return (
    <AppDialog
      opened={cameraCode !== null}
      onClose={onClose}
      // Like every dialog, it cannot be closed while loading or saving (core.md §4).
      loading={saving || setting.isLoading}
      title={t('personTracking.setting.title')}
      size="xl"
    >
      {cameraCode && setting.data && (
        <SettingForm
          key={cameraCode}
          cameraCode={cameraCode}
          pictureUrl={pictureUrl}
          saved={setting.data}
          onClose={onClose}
          onSaving={setSaving}
        />
      )}
    </AppDialog>
  );
}

function SettingForm({
  cameraCode,
  pictureUrl,
  saved,
  onClose,
  onSaving,
}: {
  cameraCode: string;
  pictureUrl: string | null;
  saved: PersonTrackingSettingValues;
  onClose: () => void;
  onSaving: (saving: boolean) => void;
}) {
  const { t } = useTranslation();
  const canEdit = useMe().permissions.configPersonTracking;
  const update = useUpdateTrackingSetting(cameraCode);
  useEffect(() => {
    onSaving(update.isPending);
    return () => onSaving(false);
  }, [update.isPending, onSaving]);
  const [form, setForm] = useState<PersonTrackingSettingValues>(saved);
  const [failure, setFailure] = useState<string | null>(null);

  const numberError = (value: number, range: { min: number; max: number; integer: boolean }) => {
    const problem = numberProblem(value, range);
    if (problem === 'integer') return t('personTracking.setting.integer');
    if (problem) return t('personTracking.setting.outOfRange', { min: range.min, max: range.max });
    return undefined;
  };
  const hasIncompleteArea = [...form.trackingRange, ...form.detectionProcessingRange].some(
    (area) => area.points.length < 3 || area.name.trim() === '',
  );
  const hasProblem =
    NUMBER_FIELDS.some((f) => numberProblem(form[f], PERSON_TRACKING_RANGES[f]) !== null) ||
    TRANSPORT_NUMBERS.some((f) => numberProblem(form.transportJudgment[f], TRANSPORT_RANGES[f]) !== null) ||
    hasIncompleteArea;

  const save = async () => {
    if (!canEdit || hasProblem) return;
    setFailure(null);
    try {
      await update.mutateAsync(form);
      showToast({ color: 'green', message: t('personTracking.setting.saved') });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 403) setFailure(t('messages.noPermission'));
      else if (error.status < 500) setFailure(t('personTracking.request.failed'));
    }
  };

  const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {!canEdit && (
          <Alert color="yellow" p="xs">
            {t('personTracking.setting.readOnly')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {NUMBER_FIELDS.map((field) => {
            const range = PERSON_TRACKING_RANGES[field];
            return (
              <NumberInput
                key={field}
                label={t(`personTracking.setting.fields.${field}`)}
                description={`${t(`personTracking.setting.help.${field}`)} (${t('personTracking.setting.range', { min: range.min, max: range.max })})`}
                value={form[field]}
                onChange={(value) => setForm((f) => ({ ...f, [field]: toNumber(value) }))}
                min={range.min}
                max={range.max}
                step={range.integer ? 1 : range.max <= 0.2 ? 0.0005 : 0.05}
                decimalScale={range.integer ? 0 : 4}
                clampBehavior="none"
                allowNegative={false}
                readOnly={!canEdit}
                disabled={update.isPending}
                error={numberError(form[field], range)}
              />
            );
          })}
        </SimpleGrid>
        <div>
          <Title order={3} size="h5">
            {t('personTracking.setting.transport')}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('personTracking.setting.transportHelp')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {TRANSPORT_NUMBERS.map((field) => (
              <NumberInput
                key={field}
                label={t(`personTracking.setting.transportFields.${field}`)}
                value={form.transportJudgment[field]}
                onChange={(value) =>
                  setForm((f) => ({
                    ...f,
                    transportJudgment: { ...f.transportJudgment, [field]: toNumber(value) },
                  }))
                }
                min={TRANSPORT_RANGES[field].min}
                max={TRANSPORT_RANGES[field].max}
                step={0.05}
                decimalScale={3}
                clampBehavior="none"
                allowNegative={false}
                readOnly={!canEdit}
                disabled={update.isPending}
                error={numberError(form.transportJudgment[field], TRANSPORT_RANGES[field])}
              />
            ))}
            <Select
              label={t('personTracking.setting.transportFields.direction')}
              data={TRANSPORT_DIRECTIONS.map((d) => ({
                value: d,
                label: t(`personTracking.setting.directions.${d}`),
              }))}
              value={form.transportJudgment.direction}
              onChange={(value) =>
                value &&
                setForm((f) => ({
                  ...f,
                  transportJudgment: { ...f.transportJudgment, direction: value as TransportDirection },
                }))
              }
              readOnly={!canEdit}
              disabled={update.isPending}
              allowDeselect={false}
            />
          </SimpleGrid>
        </div>
        <PersonTrackingAreas
          pictureUrl={pictureUrl}
          trackingRange={form.trackingRange}
          detectionRange={form.detectionProcessingRange}
          readOnly={!canEdit || update.isPending}
          onChange={(ranges) => setForm((f) => ({ ...f, ...ranges }))}
        />
        {hasIncompleteArea && canEdit && (
          <Text size="sm" c="red">
            {t('personTracking.setting.incompleteArea')}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          {canEdit ? (
            <Button
              variant="subtle"
              disabled={update.isPending}
              onClick={() => setForm({ ...DEFAULT_PERSON_TRACKING_SETTING })}
            >
              {t('personTracking.setting.defaults')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('common.close')}
            </Button>
            {canEdit && (
              <Button type="submit" loading={update.isPending} disabled={hasProblem}>
                {t('personTracking.setting.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
