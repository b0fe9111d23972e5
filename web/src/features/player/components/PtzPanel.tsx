// The PTZ control panel (core.md §2 more-menu; advanced.md §6): a small non-modal panel over the live picture,
// so the picture can be watched while it moves. Only the axes the camera can move are offered, plus home.
// Each press sends one step; the answer's position or failure reason shows below the buttons. Below them, the
// camera's presets (PtzPresets, issue 20) for a user with the ptz right.
import { ActionIcon, CloseButton, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconHome,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PtzBody } from '@camwatch/contract/camera-control';
import { canUsePtz } from '@camwatch/contract/permissions';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { sendPtz } from '../api/camera-control.ts';
import { ptzAxes, ptzStep, type MoreMenuCamera, type PtzAxis } from '../more-menu-rules.ts';
import { PtzPresets, type PtzOutcome } from './PtzPresets.tsx';

interface Props {
  cameraCode: string;
  camera: MoreMenuCamera;
  onClose: () => void;
}

const fixed = (n: number) => n.toFixed(2);

export function PtzPanel({ cameraCode, camera, onClose }: Props) {
  const { t } = useTranslation();
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<PtzOutcome>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const axes = ptzAxes(camera);
  // The panel opens only for them, but the presets ask the camera: checked here too.
  const showPresets = canUsePtz(useMe().permissions) && camera.use_ptz;
  const can = (axis: PtzAxis) => axes.includes(axis);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, []);

  /** One command at a time; its outcome replaces the last one. */
  const run = async (command: () => Promise<PtzOutcome>) => {
    setSending(true);
    try {
      setOutcome(await command());
    } catch {
      setOutcome({ kind: 'failed', reason: 'failed' });
    } finally {
      setSending(false);
    }
  };

  const send = (body: PtzBody) =>
    run(async () => {
      const result = await sendPtz(cameraCode, body);
      return result.ok ? { kind: 'moved', ptz: result.value } : { kind: 'failed', reason: result.reason };
    });

  const statusText = () => {
    if (isSending) return t('player.ptz.sending');
    if (outcome?.kind === 'saved')
      return t(outcome.over ? 'ptzPresets.savedOver' : 'ptzPresets.saved', { name: outcome.name });
    if (outcome?.kind !== 'moved') return '';
    const position = {
      pan: fixed(outcome.ptz.pan),
      tilt: fixed(outcome.ptz.tilt),
      zoom: fixed(outcome.ptz.zoom),
    };
    return outcome.preset === undefined
      ? t('player.ptz.moved', position)
      : t('ptzPresets.recalled', { name: outcome.preset, ...position });
  };

  const failureText = (failure: Extract<PtzOutcome, { kind: 'failed' }>) => {
    const reason = t(`player.commandFailure.${failure.reason}`);
    if (failure.action === 'recall') return t('ptzPresets.recallFailed', { reason });
    if (failure.action === 'save') return t('ptzPresets.saveFailed', { reason });
    return reason;
  };

  const button = (label: string, icon: ReactNode, body: PtzBody, testId: string) => (
    <ActionIcon
      variant="filled"
      color="dark.4"
      size="lg"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={() => void send(body)}
      disabled={isSending}
    >
      {icon}
    </ActionIcon>
  );
  const empty = <span aria-hidden />;

  return (
    <Paper
      ref={panelRef}
      role="dialog"
      aria-modal={false}
      aria-labelledby="ptz-panel-title"
      pos="absolute"
      top={8}
      right={8}
      p="xs"
      shadow="md"
      radius="md"
      bg="rgba(20, 21, 23, 0.85)"
      c="gray.1"
      style={{ zIndex: 2, width: showPresets ? 248 : 196 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text id="ptz-panel-title" size="sm" fw={700}>
          {t('player.ptz.title')}
        </Text>
        <CloseButton
          size="sm"
          variant="transparent"
          c="gray.3"
          aria-label={t('player.ptz.close')}
          onClick={onClose}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" align="center">
        <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
          {empty}
          {can('tilt')
            ? button(t('player.ptz.tiltUp'), <IconArrowUp size={18} />, ptzStep('tilt', 1), 'ptz-tilt-up')
            : empty}
          {empty}
          {can('pan')
            ? button(t('player.ptz.panLeft'), <IconArrowLeft size={18} />, ptzStep('pan', -1), 'ptz-pan-left')
            : empty}
          {button(t('player.ptz.home'), <IconHome size={18} />, { home: true }, 'ptz-home')}
          {can('pan')
            ? button(
                t('player.ptz.panRight'),
                <IconArrowRight size={18} />,
                ptzStep('pan', 1),
                'ptz-pan-right',
              )
            : empty}
          {empty}
          {can('tilt')
            ? button(
                t('player.ptz.tiltDown'),
                <IconArrowDown size={18} />,
                ptzStep('tilt', -1),
                'ptz-tilt-down',
              )
            : empty}
          {empty}
        </SimpleGrid>
        {can('zoom') && (
          <SimpleGrid cols={1} spacing={4} verticalSpacing={4}>
            {button(t('player.ptz.zoomIn'), <IconZoomIn size={18} />, ptzStep('zoom', 1), 'ptz-zoom-in')}
            {button(t('player.ptz.zoomOut'), <IconZoomOut size={18} />, ptzStep('zoom', -1), 'ptz-zoom-out')}
          </SimpleGrid>
        )}
      </Group>
      <Text size="xs" mt={6} role="status" aria-live="polite" c="gray.3" data-testid="ptz-status">
        {statusText()}
      </Text>
      {outcome?.kind === 'failed' && !isSending && (
        <Text size="xs" c="red.3" role="alert" data-testid="ptz-error">
          {failureText(outcome)}
        </Text>
      )}
      {showPresets && <PtzPresets cameraCode={cameraCode} busy={isSending} run={run} />}
    </Paper>
  );
}
