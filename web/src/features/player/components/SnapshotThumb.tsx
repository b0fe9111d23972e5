// A snapshot thumbnail floating over the timeline or the seek bar while a minute is hovered or scrubbed
// (core.md §2, §7 snapshots): the still of that minute, from its hour's snapshots (asked once per hour).
import { Box, Image, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useHourSnapshots } from '../api/get-snapshots.ts';
import { hourStartOf } from '../player-rules.ts';

interface Props {
  cameraCode: string;
  /** Start of the minute whose still to show. */
  minuteMs: number;
  /** The time written under the picture (the minute, or the scrubbed second). */
  label: string;
  /** Horizontal centre of the thumbnail in px from the left of its positioned parent; kept inside it. */
  left: number;
  bottom: number;
}

const WIDTH = 160;

export function SnapshotThumb({ cameraCode, minuteMs, label, left, bottom }: Props) {
  const { t } = useTranslation();
  const snapshots = useHourSnapshots(cameraCode, hourStartOf(minuteMs));
  const url = snapshots.data?.get(minuteMs);
  return (
    <Paper
      shadow="md"
      p={4}
      pos="absolute"
      bottom={bottom}
      style={{ left: Math.max(0, left - WIDTH / 2), width: WIDTH, zIndex: 20, pointerEvents: 'none' }}
      data-testid="snapshot-thumb"
      aria-live="polite"
    >
      <Box
        w="100%"
        style={{ aspectRatio: '16 / 9', background: 'var(--mantine-color-dark-7)' }}
        pos="relative"
      >
        {url ? (
          <Image src={url} alt={t('player.timeline.thumbnail', { time: label })} fit="contain" h="100%" />
        ) : snapshots.isPending ? (
          <Loader size="xs" color="gray.3" pos="absolute" top="40%" left="45%" aria-hidden />
        ) : (
          <Text c="gray.4" size="xs" ta="center" pt="md">
            {t('player.timeline.noThumbnail')}
          </Text>
        )}
      </Box>
      <Text size="xs" ta="center" mt={2}>
        {label}
      </Text>
    </Paper>
  );
}
