// The camera detail screen on detail/{code} (core.md §2): the camera's name, the player (live images or the
// archive video), its controller, and the minutes of the chosen hour. `date` in the query picks the hour and
// minute to show; the rest of the query string is left as it came.
import { Alert, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { browserFromUserAgent, nextPlaySpeed, playSpeedsFor } from '@camwatch/contract/archive-rules';
import { DEFAULT_VOLUME } from '@camwatch/contract/constants';
import { cameraHasLive, isLivePossible, liveSwitchVisible } from '@camwatch/contract/permissions';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useArchives } from '../api/get-archives.ts';
import { useCameraDetail } from '../api/get-camera-detail.ts';
import {
  dateQueryValue,
  hourStartOf,
  latestArchiveStart,
  localDate,
  localTime,
  parseDateQuery,
} from '../player-rules.ts';
import { ArchiveVideos } from './ArchiveVideos.tsx';
import { HourPicker } from './HourPicker.tsx';
import { LiveImageViewer } from './LiveImageViewer.tsx';
import { MinuteStrip } from './MinuteStrip.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { useArchivePlayback } from './use-archive-playback.ts';

const NOW_REFRESH_MS = 30_000;
const speeds = playSpeedsFor(browserFromUserAgent(navigator.userAgent));

export default function CameraDetailPage() {
  const { code = '' } = useParams();
  // A new camera starts afresh: its own live loop, hour and playback.
  return <CameraDetailScreen key={code} camera={useCameraDetail(code)} />;
}

function CameraDetailScreen({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const perms = useMe().permissions;
  const [search, setSearch] = useSearchParams();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [initialDate] = useState(() => parseDateQuery(search.get('date'), Date.now()));

  const livePossible = isLivePossible(perms, camera);
  const switchVisible = liveSwitchVisible({ isLivePossible: livePossible, perms });
  const [storedLive, setStoredLive] = useBrowserState('liveSwitch');
  // A link to a moment (date query) opens the archive without changing the remembered choice.
  const [liveOverride, setLiveOverride] = useState<boolean | null>(initialDate !== null ? false : null);
  const isLive = livePossible && (switchVisible ? (liveOverride ?? storedLive) : true);
  const hasArchive = perms.archive;

  const [hourStart, setHourStart] = useState(() =>
    hourStartOf(initialDate ?? latestArchiveStart(Date.now())),
  );
  const [speed, setSpeed] = useState<number>(1);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [isMuted, setIsMuted] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const changeHour = useCallback(
    (next: number) => {
      setHourStart(next);
      setSearch(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.set('date', dateQueryValue(next));
          return query;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const archives = useArchives(camera.camera_code, hourStart, hasArchive);
  const hourArchives = archives.data;
  const playback = useArchivePlayback({
    archives: hourArchives,
    hourStart,
    onHourChange: changeHour,
    speed,
    volume,
    isMuted,
  });

  // The minute of the date query plays once its hour has loaded (when it names a time).
  const { selectLater } = playback;
  const askedInitial = useRef(false);
  useEffect(() => {
    if (askedInitial.current || initialDate === null || !hasArchive) return;
    askedInitial.current = true;
    selectLater(hourStartOf(initialDate), initialDate - (initialDate % 60_000));
  }, [initialDate, hasArchive, selectLater]);

  const setLive = (on: boolean) => {
    setLiveOverride(null);
    setStoredLive(on);
    if (on) playback.stop();
  };
  const leaveLive = () => {
    if (isLive && switchVisible) setLive(false);
  };

  const selectedEntry = hourArchives?.find((a) => a.start_time === playback.selected);
  const hourLabel = `${localDate(hourStart)} ${localTime(hourStart)}`;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{camera.camera_name}</PageTitle>
      <Stack gap={0} maw={960}>
        <Box
          role="region"
          aria-label={t('player.area')}
          bg="black"
          pos="relative"
          style={{
            aspectRatio: `${camera.image_rs_width || 16} / ${camera.image_rs_height || 9}`,
            maxHeight: 'calc(100vh - 280px)',
            marginInline: 'auto',
            width: '100%',
            borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
            overflow: 'hidden',
          }}
        >
          {isLive && (
            <LiveImageViewer
              cameraCode={camera.camera_code}
              cameraName={camera.camera_name}
              liveIntervalSec={camera.live_interval}
            />
          )}
          {hasArchive && (
            <ArchiveVideos playback={playback} cameraName={camera.camera_name} isHidden={isLive} />
          )}
          {!isLive && !hasArchive && (
            <Center pos="absolute" inset={0}>
              <Text c="gray.3" role="alert">
                {cameraHasLive(camera) ? t('messages.noPermission') : t('messages.notSupported')}
              </Text>
            </Center>
          )}
        </Box>
        <PlayerControls
          isLive={isLive}
          hasArchiveRight={hasArchive}
          canPlay={playback.status === 'ready' || playback.status === 'loading'}
          isPlaying={playback.isPlaying}
          onTogglePlay={playback.togglePlay}
          currentTime={playback.currentTime}
          markers={selectedEntry?.events.motionDetect ?? []}
          onSeek={playback.seek}
          volume={volume}
          isMuted={isMuted}
          onVolume={(value) => {
            setVolume(value);
            setIsMuted(value === 0);
          }}
          onToggleMute={() => setIsMuted(!isMuted)}
          speed={speed}
          onNextSpeed={() => setSpeed(nextPlaySpeed(speed, speeds))}
          onSkipLatest={() => {
            leaveLive();
            const latest = latestArchiveStart(Date.now());
            playback.selectLater(hourStartOf(latest), latest);
          }}
          live={{
            isVisible: switchVisible,
            isOn: isLive,
            onChange: setLive,
            isSupported: cameraHasLive(camera),
          }}
        />
      </Stack>
      {hasArchive && (
        <Stack gap="sm" mt="md" maw={960} component="section" aria-label={t('player.archives')}>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <HourPicker hourStart={hourStart} nowMs={nowMs} onChange={changeHour} />
            {selectedEntry && !isLive && (
              <Text size="sm" c="dimmed" data-testid="playing-minute">
                {t('player.playing', {
                  time: `${localDate(Date.parse(selectedEntry.start_time))} ${localTime(Date.parse(selectedEntry.start_time))}`,
                })}
              </Text>
            )}
          </Group>
          {archives.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text size="sm">{t('messages.archiveLoadFailed')}</Text>
                <Text
                  component="button"
                  size="sm"
                  c="blue"
                  onClick={() => void archives.refetch()}
                  style={{ background: 'none', border: 0, cursor: 'pointer' }}
                >
                  {t('player.retry')}
                </Text>
              </Group>
            </Alert>
          ) : hourArchives ? (
            <MinuteStrip
              archives={hourArchives}
              selected={playback.selected}
              nowMs={nowMs}
              hourLabel={hourLabel}
              onSelect={(entry) => {
                leaveLive();
                void playback.select(entry);
              }}
            />
          ) : (
            <Center py="md">
              <Loader size="sm" aria-label={t('player.archivesLoading')} />
            </Center>
          )}
        </Stack>
      )}
    </Box>
  );
}
