// The live image viewer (advanced.md §2, §4): live stills drawn on a canvas, a spinner with the reload hint
// until the first frame (and while retrying), and the messages for a start that is refused or keeps failing,
// for undecodable images, and for live that has brought no fresh picture for too long.
import { Box } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { LiveLoadingOverlay, LiveProblemOverlay } from './LiveOverlays.tsx';
import { useLiveImages } from '../hooks/use-live-images.ts';
import { zoomedStyle } from '../player-tools-rules.ts';

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
          ...zoomedStyle,
        }}
      />
      {isWaiting && <LiveLoadingOverlay dim={state === 'retrying'} />}
      {(state === 'noLiveData' || state === 'unavailable') && (
        <LiveProblemOverlay
          message={t('messages.cannotWatchLive')}
          hint={t('messages.contactAdministrator')}
          dim={state === 'unavailable'}
        />
      )}
      {state === 'startFailed' && <LiveProblemOverlay message={t('messages.cannotLiveContact')} />}
    </Box>
  );
}
