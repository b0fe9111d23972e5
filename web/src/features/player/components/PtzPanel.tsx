// The PTZ control panel (core.md §2 more-menu; advanced.md §6): a small non-modal panel over the live picture,
// so the picture can be watched while it moves. Only the axes the camera can move are offered, plus home.
// Each press sends one step; the answer's position or failure reason shows below the buttons.
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
import type { PtzState } from '@camwatch/contract/device';
import { useTranslation } from '../../../lib/i18n.ts';
import { sendPtz, type CommandFailure } from '../api/camera-control.ts';
import { ptzAxes, ptzStep, type MoreMenuCamera, type PtzAxis } from '../more-menu-rules.ts';

interface Props {
  cameraCode: string;
  camera: MoreMenuCamera;
  onClose: () => void;
}

type Outcome = { kind: 'moved'; ptz: PtzState } | { kind: 'failed'; reason: CommandFailure } | null;

const fixed = (n: number) => n.toFixed(2);

export function PtzPanel({ cameraCode, camera, onClose }: Props) {
  const { t } = useTranslation();
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const axes = ptzAxes(camera);
  const can = (axis: PtzAxis) => axes.includes(axis);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, []);

  const send = async (body: PtzBody) => {
    setSending(true);
    try {
      const result = await sendPtz(cameraCode, body);
      setOutcome(
        result.ok ? { kind: 'moved', ptz: result.value } : { kind: 'failed', reason: result.reason },
      );
    } catch {
      setOutcome({ kind: 'failed', reason: 'failed' });
    } finally {
      setSending(false);
    }
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
      style={{ zIndex: 2, width: 196 }}
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
        {isSending
          ? t('player.ptz.sending')
          : outcome?.kind === 'moved'
            ? t('player.ptz.moved', {
                pan: fixed(outcome.ptz.pan),
                tilt: fixed(outcome.ptz.tilt),
                zoom: fixed(outcome.ptz.zoom),
              })
            : ''}
      </Text>
      {outcome?.kind === 'failed' && !isSending && (
        <Text size="xs" c="red.3" role="alert" data-testid="ptz-error">
          {t(`player.commandFailure.${outcome.reason}`)}
        </Text>
      )}
    </Paper>
  );
}
