// The detail page's archives below the player (core.md §2, §3): the continuous timeline over hours and days
// (issue 22; its own chunk, loaded after the page), the hour picker, the display period (1H, 6H, 24H) with its
// event filter, the time-lapse button, the playing minute, and the timeline of the period (or why it could not
// be loaded, with a retry).
import { Alert, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute } from '../../../lib/local-time.ts';
import type { DetailPlayer } from '../hooks/use-detail-player.ts';
import { ArchiveTimeline } from './ArchiveTimeline.tsx';
import { HourPicker } from './HourPicker.tsx';
import { TimelineOptions } from './TimelineOptions.tsx';

const ContinuousTimeline = lazy(() => import('./ContinuousTimeline.tsx'));

interface Props {
  cameraCode: string;
  player: DetailPlayer;
  /** Opens the time-lapse dialog; null when the camera has none. */
  onOpenTimeLapse: (() => void) | null;
}

export function DetailArchives({ cameraCode, player, onOpenTimeLapse }: Props) {
  const { t } = useTranslation();
  const { archives, cells, selectedMs } = player;
  return (
    <Stack gap="sm" mt="md" maw={960} component="section" aria-label={t('player.archives')}>
      <Suspense fallback={<Box h={96} aria-hidden />}>
        <ContinuousTimeline cameraCode={cameraCode} player={player} />
      </Suspense>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <HourPicker
          hourStart={player.hourStart}
          periodHours={player.periodHours}
          nowMs={player.nowMs}
          onChange={player.changeHour}
        />
        <TimelineOptions
          hours={player.periodHours}
          onHours={player.setPeriodHours}
          filter={player.eventFilter}
          onFilter={player.setEventFilter}
        />
        {onOpenTimeLapse && (
          <Button
            variant="default"
            leftSection={<IconClockPlay size={16} aria-hidden />}
            onClick={onOpenTimeLapse}
          >
            {t('timeLapse.open')}
          </Button>
        )}
        {selectedMs !== null && !player.live.isOn && (
          <Text size="sm" c="dimmed" data-testid="playing-minute">
            {t('player.playing', { time: localDateMinute(selectedMs) })}
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
      ) : cells ? (
        <ArchiveTimeline
          cameraCode={cameraCode}
          cells={cells}
          hours={player.periodHours}
          selected={player.playback.selected}
          onSelect={player.selectMinute}
        />
      ) : (
        <Center py="md">
          <Loader size="sm" aria-label={t('player.archivesLoading')} />
        </Center>
      )}
    </Stack>
  );
}
