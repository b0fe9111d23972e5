// The time-lapse view of a camera with use_time_lapse (core.md §3, §8; advanced.md §1): a day's thumbnails
// played as a sequence, with play/pause, a position slider, the day, and the order (oldest first by
// default, kept in the browser). When the day's images cannot be loaded it shows the fail texts.
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDaySnapshots } from '../api/get-day-snapshots.ts';
import { localDate, localDateMinute, localDayStart } from '../../../lib/local-time.ts';
import { FRAME_MS, nextFrame, sortFrames, type TimeLapseSort } from '../time-lapse-rules.ts';

export interface TimeLapseDialogProps {
  cameraCode: string;
  cameraName: string;
  opened: boolean;
  onClose: () => void;
}

/** How many of the next frames are fetched ahead, so playing does not wait for each image. */
const PRELOAD_AHEAD = 5;

export function TimeLapseDialog({ cameraCode, cameraName, opened, onClose }: TimeLapseDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('timeLapse.title', { name: cameraName })} size="xl">
      {opened && <TimeLapseView cameraCode={cameraCode} cameraName={cameraName} />}
    </AppDialog>
  );
}

function TimeLapseView({ cameraCode, cameraName }: { cameraCode: string; cameraName: string }) {
  const { t } = useTranslation();
  const [dayStart, setDayStart] = useState(() => localDayStart(Date.now()));
  const [sort, setSort] = useBrowserState('timeLapseSort');
  const [index, setIndex] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  const snapshots = useDaySnapshots(cameraCode, dayStart, true);
  const frames = useMemo(() => sortFrames(snapshots.data ?? [], sort), [snapshots.data, sort]);
  const count = frames.length;
  const position = Math.min(index, Math.max(0, count - 1));
  const frame = frames[position];

  useEffect(() => {
    if (!isPlaying) return;
    const timer = setTimeout(() => {
      const next = nextFrame(position, count);
      if (next === null) setPlaying(false);
      else setIndex(next);
    }, FRAME_MS);
    return () => clearTimeout(timer);
  }, [isPlaying, position, count]);

  // The browser fetches the next few images ahead of time.
  useEffect(() => {
    for (const ahead of frames.slice(position + 1, position + 1 + PRELOAD_AHEAD)) {
      const image = new Image();
      image.src = ahead.imageUrl;
    }
  }, [frames, position]);

  const changeDay = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return;
    const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
    if (day > Date.now()) return;
    setDayStart(day);
    setIndex(0);
    setPlaying(false);
  };
  const changeSort = (value: string) => {
    setSort(value as TimeLapseSort);
    setIndex(0);
  };
  const togglePlay = () => {
    if (!isPlaying && position >= count - 1) setIndex(0); // play again from the start
    setPlaying(!isPlaying);
  };

  return (
    <Stack gap="sm" data-testid="time-lapse">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('timeLapse.date')}
          value={localDate(dayStart)}
          max={localDate(Date.now())}
          onChange={(event) => changeDay(event.currentTarget.value)}
          w={170}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="time-lapse-sort">
            {t('timeLapse.sort')}
          </Text>
          <SegmentedControl
            aria-labelledby="time-lapse-sort"
            value={sort}
            onChange={changeSort}
            data={[
              { value: 'asc', label: t('timeLapse.asc') },
              { value: 'desc', label: t('timeLapse.desc') },
            ]}
          />
        </Stack>
      </Group>
      <Box bg="black" pos="relative" style={{ aspectRatio: '16 / 9', borderRadius: 4, overflow: 'hidden' }}>
        {snapshots.isPending ? (
          <Center pos="absolute" inset={0}>
            <Loader color="gray.3" aria-label={t('timeLapse.loading')} />
          </Center>
        ) : snapshots.isError ? (
          <Center pos="absolute" inset={0} p="md">
            <Alert color="red" variant="filled" role="alert" title={t('timeLapse.failed')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('timeLapse.failedHint')}</Text>
                <Button size="xs" variant="white" color="red" onClick={() => void snapshots.refetch()}>
                  {t('timeLapse.retry')}
                </Button>
              </Stack>
            </Alert>
          </Center>
        ) : frame ? (
          <img
            src={frame.imageUrl}
            alt={t('timeLapse.frame', { time: localDateMinute(frame.takenAt) })}
            data-testid="time-lapse-frame"
            data-index={position}
            style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Center pos="absolute" inset={0}>
            <Text c="gray.3" role="status">
              {t('timeLapse.empty')}
            </Text>
          </Center>
        )}
      </Box>
      <Group gap="sm" wrap="nowrap" aria-label={cameraName}>
        <ActionIcon
          variant="filled"
          size="lg"
          aria-label={isPlaying ? t('timeLapse.pause') : t('timeLapse.play')}
          disabled={count === 0}
          onClick={togglePlay}
        >
          {isPlaying ? (
            <IconPlayerPauseFilled size={18} aria-hidden />
          ) : (
            <IconPlayerPlayFilled size={18} aria-hidden />
          )}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(0, count - 1)}
          step={1}
          value={position}
          disabled={count === 0}
          onChange={(value) => setIndex(value)}
          thumbLabel={t('timeLapse.position')}
          label={(value) => (frames[value] ? localDateMinute(frames[value].takenAt) : '')}
        />
        <Text size="sm" c="dimmed" data-testid="time-lapse-counter" style={{ whiteSpace: 'nowrap' }}>
          {t('timeLapse.counter', { current: count === 0 ? 0 : position + 1, total: count })}
        </Text>
      </Group>
      {frame && (
        <Text size="sm" ta="center" data-testid="time-lapse-time">
          {localDateMinute(frame.takenAt)}
        </Text>
      )}
    </Stack>
  );
}
