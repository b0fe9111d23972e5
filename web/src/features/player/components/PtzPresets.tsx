// The PTZ panel's presets (issue 20): the camera's presets, asked when the panel opens; a button per preset moves
// the camera there, a second one saves where the camera looks now over it (after a confirmation), and a form saves
// where it looks now as a new preset, its name checked as typed with the server's rule (the server's 400 shows
// on the field). Moves and saves go through the panel's `run`, so one command is on its way at a time and their
// outcome shows in the panel's one status line.
import '../ptz-preset-texts.ts';
import { ActionIcon, Button, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PtzPreset, PtzState } from '@camwatch/contract/device';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CommandFailure } from '../api/camera-control.ts';
import { useGotoPtzPreset, usePtzPresets, useSavePtzPreset } from '../api/ptz-presets.ts';
import { PRESET_NAME_MAX, presetNameError } from '../ptz-preset-rules.ts';

/** What a panel command ended with, shown in the panel's status line or alert; null: nothing to show. */
export type PtzOutcome =
  | { kind: 'moved'; ptz: PtzState; preset?: string }
  | { kind: 'saved'; name: string; over: boolean }
  | { kind: 'failed'; reason: CommandFailure; action?: 'recall' | 'save' }
  | null;

interface Props {
  cameraCode: string;
  /** A command is on its way: every button waits. */
  busy: boolean;
  /** Runs one command as the panel's current one, and shows its outcome. */
  run: (command: () => Promise<PtzOutcome>) => Promise<void>;
}

export function PtzPresets({ cameraCode, busy, run }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const presets = usePtzPresets(cameraCode, true);
  const save = useSavePtzPreset(cameraCode);
  const gotoPreset = useGotoPtzPreset(cameraCode);
  const [confirming, setConfirming] = useState<PtzPreset | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** The save-over button to focus again once a confirmation closes. */
  const focusAfterConfirm = useRef<string | null>(null);

  useEffect(() => {
    if (confirming || focusAfterConfirm.current === null) return;
    const token = focusAfterConfirm.current;
    focusAfterConfirm.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-save-over="${CSS.escape(token)}"]`)?.focus();
  }, [confirming]);

  const recall = (preset: PtzPreset) =>
    run(async () => {
      const result = await gotoPreset.mutateAsync(preset.token);
      return result.ok
        ? { kind: 'moved', ptz: result.value, preset: preset.name }
        : { kind: 'failed', reason: result.reason, action: 'recall' };
    });

  const saveOver = (preset: PtzPreset) => {
    focusAfterConfirm.current = preset.token;
    setConfirming(null);
    void run(async () => {
      const result = await save.mutateAsync({ name: preset.name, token: preset.token });
      return result.ok
        ? { kind: 'saved', name: preset.name, over: true }
        : { kind: 'failed', reason: result.reason, action: 'save' };
    });
  };

  const cancelConfirm = () => {
    focusAfterConfirm.current = confirming?.token ?? null;
    setConfirming(null);
  };

  const failureText = (reason: CommandFailure) => t(`player.commandFailure.${reason}`);

  const list = () => {
    if (presets.isPending) return <Text size="xs">{t('ptzPresets.loading')}</Text>;
    const data = presets.data;
    if (presets.isError || !data?.ok)
      return (
        <Group gap={6} wrap="nowrap" align="center">
          <Text size="xs" c="red.3" role="alert" data-testid="ptz-presets-error">
            {t('ptzPresets.loadFailed', { reason: failureText(data && !data.ok ? data.reason : 'failed') })}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => void presets.refetch()}
            loading={presets.isFetching}
          >
            {t('ptzPresets.retry')}
          </Button>
        </Group>
      );
    if (data.value.length === 0) return <Text size="xs">{t('ptzPresets.empty')}</Text>;
    return (
      <ScrollArea.Autosize mah={120} type="auto" offsetScrollbars>
        <Stack component="ul" aria-labelledby={titleId} gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {data.value.map((preset) =>
            confirming?.token === preset.token ? (
              <ConfirmSaveOver
                key={preset.token}
                preset={preset}
                onConfirm={() => saveOver(preset)}
                onCancel={cancelConfirm}
              />
            ) : (
              <Group component="li" key={preset.token} gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="filled"
                  color="dark.4"
                  justify="start"
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={t('ptzPresets.goto', { name: preset.name })}
                  title={t('ptzPresets.goto', { name: preset.name })}
                  disabled={busy}
                  onClick={() => void recall(preset)}
                >
                  {preset.name}
                </Button>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray.3"
                  aria-label={t('ptzPresets.saveOver', { name: preset.name })}
                  title={t('ptzPresets.saveOver', { name: preset.name })}
                  data-save-over={preset.token}
                  disabled={busy}
                  onClick={() => setConfirming(preset)}
                >
                  <IconDeviceFloppy size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ),
          )}
        </Stack>
      </ScrollArea.Autosize>
    );
  };

  return (
    <Stack gap={6} mt={8} pt={8} style={{ borderTop: '1px solid var(--mantine-color-dark-4)' }}>
      <Text id={titleId} size="xs" fw={700}>
        {t('ptzPresets.title')}
      </Text>
      <div ref={listRef} aria-busy={presets.isFetching}>
        {list()}
      </div>
      <SaveForm busy={busy} saving={save.isPending} run={run} save={save.mutateAsync} />
    </Stack>
  );
}

function ConfirmSaveOver(props: { preset: PtzPreset; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <li
      role="group"
      aria-labelledby={textId}
      onKeyDown={(event) => {
        // Escape closes the question, not the panel.
        if (event.key === 'Escape') {
          event.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <Text id={textId} size="xs" mb={4}>
        {t('ptzPresets.confirmSaveOver', { name: props.preset.name })}
      </Text>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button size="compact-xs" variant="default" onClick={props.onCancel}>
          {t('ptzPresets.cancel')}
        </Button>
        <Button ref={confirmRef} size="compact-xs" color="orange" onClick={props.onConfirm}>
          {t('ptzPresets.confirm')}
        </Button>
      </Group>
    </li>
  );
}

type SaveResult = Awaited<ReturnType<ReturnType<typeof useSavePtzPreset>['mutateAsync']>>;

function SaveForm(props: {
  busy: boolean;
  saving: boolean;
  run: Props['run'];
  save: (body: { name: string }) => Promise<SaveResult>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const problem = presetNameError(name);
  const error = serverError
    ? serverError
    : touched && problem
      ? t(`ptzPresets.errors.${problem}`, { max: PRESET_NAME_MAX, count: name.trim().length })
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    const trimmed = name.trim();
    void props.run(async () => {
      try {
        const result = await props.save({ name: trimmed });
        if (!result.ok) return { kind: 'failed', reason: result.reason, action: 'save' };
        setName('');
        setTouched(false);
        return { kind: 'saved', name: trimmed, over: false };
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 400) {
          setServerError(caught.fieldMessage('name') ?? t('ptzPresets.errors.required'));
          inputRef.current?.focus();
          return null;
        }
        throw caught;
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <TextInput
          ref={inputRef}
          size="xs"
          label={t('ptzPresets.name')}
          placeholder={t('ptzPresets.namePlaceholder')}
          value={name}
          error={error}
          autoComplete="off"
          styles={{ label: { color: 'var(--mantine-color-gray-1)' } }}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
            setServerError(null);
          }}
        />
        <Button
          type="submit"
          size="compact-xs"
          disabled={props.busy}
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
        >
          {props.saving ? t('ptzPresets.saving') : t('ptzPresets.save')}
        </Button>
      </Stack>
    </form>
  );
}
