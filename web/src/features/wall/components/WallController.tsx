// The wall's one controller (core.md §2, §9): play/pause for every tile, the 60 s seek bar of the shared
// clock and the minute it plays, the speed, and the more-menu. Live: play/pause stops and resumes the updates.
import { ActionIcon, Box, Button, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SEEK_BAR_SEC_PER_ARCHIVE } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import { clipPositionLabel, localDateTime } from '../../../lib/local-time.ts';

interface Props {
  mode: 'live' | 'archive';
  isPlaying: boolean;
  onTogglePlay: () => void;
  minuteMs: number;
  clockSec: number;
  onSeek: (seconds: number) => void;
  speed: number;
  onNextSpeed: () => void;
  status: 'retrying' | 'noData' | null;
  moreMenu: ReactNode;
}

const onDark = { backgroundColor: 'transparent' };

export function WallController(props: Props) {
  const { t } = useTranslation();
  const { mode, isPlaying } = props;
  const stamp = localDateTime(props.minuteMs + Math.min(59, Math.floor(props.clockSec)) * 1000);
  return (
    <Group
      gap="xs"
      px="xs"
      py={4}
      bg="dark.7"
      wrap="nowrap"
      role="toolbar"
      aria-label={t('wall.controls')}
      style={{ borderRadius: '0 0 var(--mantine-radius-sm) var(--mantine-radius-sm)' }}
    >
      <ActionIcon
        variant="subtle"
        color="gray.1"
        style={onDark}
        size="lg"
        aria-label={isPlaying ? t('player.pause') : t('player.play')}
        onClick={props.onTogglePlay}
      >
        {isPlaying ? (
          <IconPlayerPauseFilled size={20} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={20} aria-hidden />
        )}
      </ActionIcon>
      {/* Next to play/pause, clear of the floating feedback button at the bottom right. */}
      {props.moreMenu}
      {mode === 'archive' ? (
        <>
          <Button
            variant="subtle"
            color="gray.1"
            size="compact-sm"
            style={onDark}
            aria-label={t('player.speed', { speed: props.speed })}
            onClick={props.onNextSpeed}
          >
            {t('player.speedValue', { speed: props.speed })}
          </Button>
          <Box style={{ flex: 1, minWidth: 120 }}>
            <Slider
              min={0}
              max={SEEK_BAR_SEC_PER_ARCHIVE}
              step={1}
              value={Math.min(props.clockSec, SEEK_BAR_SEC_PER_ARCHIVE)}
              onChange={props.onSeek}
              thumbLabel={t('player.seek')}
              label={clipPositionLabel}
              size="sm"
            />
          </Box>
          <Text size="xs" c="gray.3" data-testid="wall-time" style={{ whiteSpace: 'nowrap' }}>
            {stamp}
          </Text>
          {props.status && (
            <Text size="xs" c="yellow.4" role="status" style={{ whiteSpace: 'nowrap' }}>
              {props.status === 'noData' ? t('messages.noData') : t('wall.waitingForData')}
            </Text>
          )}
        </>
      ) : (
        <Text size="xs" c="red.4" fw={700} style={{ flex: 1 }}>
          {t('wall.liveBadge')}
        </Text>
      )}
    </Group>
  );
}
