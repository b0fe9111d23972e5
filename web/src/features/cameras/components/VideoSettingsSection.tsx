// The camera information dialog's recording settings (issue 20), for admins: resolution, frame rate, bitrate cap
// and live image interval, checked as typed with the contract's ranges; the server's 400 is shown on its field.
// Saved settings reach the camera's agent at once; its recording switches at the next minute.
import { Button, Checkbox, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  LIVE_INTERVAL_SEC_RANGE,
  VIDEO_BITRATE_KBPS_RANGE,
  VIDEO_FPS_RANGE,
  VIDEO_RESOLUTIONS,
} from '@camwatch/contract/camera-video-settings-rules';
import type {
  CameraVideoSettings,
  CameraVideoSettingsAnswer,
} from '@camwatch/contract/camera-video-settings';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveVideoSettings, useVideoSettings } from '../api/video-settings.ts';
import '../video-settings-texts.ts';

type Field = keyof CameraVideoSettings;
type Errors = Partial<Record<Field, string>>;

interface Draft {
  resolution: string;
  fps: number | string;
  maxBitrateKbps: number | string;
  hasBitrateCap: boolean;
  liveIntervalSec: number | string;
}

const draftOf = (stored: CameraVideoSettingsAnswer): Draft => ({
  resolution: stored.resolution,
  fps: stored.fps,
  maxBitrateKbps: stored.max_bitrate_kbps ?? '',
  hasBitrateCap: stored.max_bitrate_kbps !== null,
  liveIntervalSec: stored.live_interval_sec,
});

const isWholeIn = (value: number | string, range: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

function VideoSettingsForm({ code, stored }: { code: string; stored: CameraVideoSettingsAnswer }) {
  const { t } = useTranslation();
  const save = useSaveVideoSettings(code);
  const [draft, setDraft] = useState(() => draftOf(stored));
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setServerErrors({});
  };

  const rangeError = (value: number | string, range: { min: number; max: number }) =>
    isWholeIn(value, range) ? undefined : t('videoSettings.errors.range', range);
  const errors: Errors = {
    resolution: (VIDEO_RESOLUTIONS as readonly string[]).includes(draft.resolution)
      ? undefined
      : t('videoSettings.errors.resolution'),
    fps: rangeError(draft.fps, VIDEO_FPS_RANGE),
    max_bitrate_kbps: draft.hasBitrateCap
      ? rangeError(draft.maxBitrateKbps, VIDEO_BITRATE_KBPS_RANGE)
      : undefined,
    live_interval_sec: rangeError(draft.liveIntervalSec, LIVE_INTERVAL_SEC_RANGE),
    ...serverErrors,
  };
  const isValid = Object.values(errors).every((error) => error === undefined);
  const options = [...new Set([...VIDEO_RESOLUTIONS, stored.resolution])];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || save.isPending) return;
    const body: CameraVideoSettings = {
      resolution: draft.resolution as CameraVideoSettings['resolution'],
      fps: Number(draft.fps),
      max_bitrate_kbps: draft.hasBitrateCap ? Number(draft.maxBitrateKbps) : null,
      live_interval_sec: Number(draft.liveIntervalSec),
    };
    save.mutate(body, {
      onSuccess: (saved) =>
        showToast({
          color: 'green',
          message: t(saved.agent_connected ? 'videoSettings.savedConnected' : 'videoSettings.savedOffline'),
        }),
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status === 400) {
          const fields: Field[] = ['resolution', 'fps', 'max_bitrate_kbps', 'live_interval_sec'];
          setServerErrors(
            Object.fromEntries(
              fields.flatMap((field) => {
                const message = caught.fieldMessage(field);
                return message ? [[field, message]] : [];
              }),
            ),
          );
        } else if (!(caught instanceof ApiError) || caught.status < 500)
          showToast({ color: 'red', message: t('videoSettings.saveFailed') });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('videoSettings.title')}>
      <Stack gap="xs" mt="lg">
        <Title order={3} size="h5">
          {t('videoSettings.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('videoSettings.description')}
        </Text>
        <Select
          label={t('videoSettings.resolution')}
          data={options}
          value={draft.resolution}
          onChange={(value) => value && change({ resolution: value })}
          error={errors.resolution}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <NumberInput
          label={t('videoSettings.fps')}
          min={VIDEO_FPS_RANGE.min}
          max={VIDEO_FPS_RANGE.max}
          value={draft.fps}
          onChange={(value) => change({ fps: value })}
          error={errors.fps}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <NumberInput
            style={{ flex: 1 }}
            label={t('videoSettings.bitrateCap')}
            min={VIDEO_BITRATE_KBPS_RANGE.min}
            max={VIDEO_BITRATE_KBPS_RANGE.max}
            step={100}
            value={draft.hasBitrateCap ? draft.maxBitrateKbps : ''}
            disabled={!draft.hasBitrateCap}
            onChange={(value) => change({ maxBitrateKbps: value })}
            error={errors.max_bitrate_kbps}
          />
          <Checkbox
            mb={8}
            label={t('videoSettings.noBitrateCap')}
            checked={!draft.hasBitrateCap}
            onChange={(event) => change({ hasBitrateCap: !event.currentTarget.checked })}
          />
        </Group>
        <NumberInput
          label={t('videoSettings.liveInterval')}
          min={LIVE_INTERVAL_SEC_RANGE.min}
          max={LIVE_INTERVAL_SEC_RANGE.max}
          value={draft.liveIntervalSec}
          onChange={(value) => change({ liveIntervalSec: value })}
          error={errors.live_interval_sec}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!isValid} loading={save.isPending}>
            {save.isPending ? t('videoSettings.saving') : t('videoSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function VideoSettingsSection({ code }: { code: string }) {
  const { t } = useTranslation();
  const settings = useVideoSettings(code);
  if (settings.isError)
    return (
      <QueryErrorState
        message={t('videoSettings.loadFailed')}
        error={settings.error}
        onRetry={settings.refetch}
        isRetrying={settings.isFetching}
      />
    );
  if (!settings.data)
    return (
      <Text size="sm" c="dimmed" mt="lg">
        {t('videoSettings.loading')}
      </Text>
    );
  return <VideoSettingsForm key={code} code={code} stored={settings.data} />;
}
