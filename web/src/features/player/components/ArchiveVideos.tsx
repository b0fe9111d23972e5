// The two stacked <video> elements of archive playback (one shown, one loading the next minute) and the
// messages over them: choose a minute, loading, no data, failed. The messages keep to the picture above the
// controller, so the seek bar never runs through them.
import { Box, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { CONTROLLER_HEIGHT_VAR } from './PlayerControls.tsx';
import type { ArchivePlayback } from '../hooks/use-archive-playback.ts';
import { zoomedStyle } from '../player-tools-rules.ts';

interface Props {
  playback: ArchivePlayback;
  cameraName: string;
  isHidden: boolean;
}

export function ArchiveVideos({ playback, cameraName, isHidden }: Props) {
  const { t } = useTranslation();
  const { status } = playback;
  return (
    <Box pos="absolute" inset={0} style={{ display: isHidden ? 'none' : 'block' }} data-status={status}>
      {([0, 1] as const).map((slot) => (
        <video
          key={slot}
          ref={slot === 0 ? playback.videoA : playback.videoB}
          data-testid={slot === playback.active ? 'archive-video' : 'archive-video-next'}
          aria-label={t('player.archiveVideo', { name: cameraName })}
          aria-hidden={slot !== playback.active}
          playsInline
          preload="auto"
          {...playback.handlers(slot)}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            visibility:
              slot === playback.active && (status === 'ready' || status === 'loading') ? 'visible' : 'hidden',
            ...zoomedStyle,
          }}
        />
      ))}
      {status !== 'ready' && (
        <Center
          pos="absolute"
          top={0}
          left={0}
          right={0}
          bottom={`var(${CONTROLLER_HEIGHT_VAR}, 0px)`}
          data-testid="archive-message"
        >
          {status === 'loading' ? (
            <Loader color="gray.3" aria-label={t('common.loading')} />
          ) : (
            <Text c="gray.3" size="sm" role={status === 'idle' ? undefined : 'alert'} ta="center" px="md">
              {status === 'idle'
                ? t('player.selectMinute')
                : status === 'noData'
                  ? t('messages.noData')
                  : t('messages.archiveLoadFailed')}
            </Text>
          )}
        </Center>
      )}
    </Box>
  );
}
