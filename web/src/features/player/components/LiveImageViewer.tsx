// The live image viewer (advanced.md §2, §4): live stills drawn on a canvas, a spinner with the reload hint
// until the first frame (and while retrying), and the messages for a refused start and undecodable images.
import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLiveImages } from './use-live-images.ts';

interface Props {
  cameraCode: string;
  cameraName: string;
  liveIntervalSec: number;
}

export function LiveImageViewer({ cameraCode, cameraName, liveIntervalSec }: Props) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const state = useLiveImages(cameraCode, liveIntervalSec, canvasRef);
  const isWaiting = state === 'loading' || state === 'retrying';
  return (
    <Box pos="relative" w="100%" h="100%" data-live-state={state}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('player.liveImage', { name: cameraName })}
        data-testid="live-canvas"
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          visibility: state === 'loading' ? 'hidden' : 'visible',
        }}
      />
      {isWaiting && (
        <Center pos="absolute" inset={0} bg={state === 'retrying' ? 'rgba(0,0,0,0.5)' : undefined}>
          <Stack align="center" gap={6} role="status">
            <Loader color="gray.3" size="md" aria-hidden />
            <Text c="gray.2" size="sm">
              {t('messages.loadingVideo')}
            </Text>
            <Text c="gray.5" size="xs">
              {t('messages.loadingVideoReload')}
            </Text>
          </Stack>
        </Center>
      )}
      {(state === 'noLiveData' || state === 'startFailed') && (
        <Center pos="absolute" inset={0}>
          <Stack align="center" gap={6} role="alert" px="md" ta="center">
            <IconVideoOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
            {state === 'noLiveData' ? (
              <>
                <Text c="gray.2" size="sm">
                  {t('messages.cannotWatchLive')}
                </Text>
                <Text c="gray.5" size="xs">
                  {t('messages.contactAdministrator')}
                </Text>
              </>
            ) : (
              <Text c="gray.2" size="sm">
                {t('messages.cannotLiveContact')}
              </Text>
            )}
          </Stack>
        </Center>
      )}
    </Box>
  );
}
