// The 60 s seek bar of one archive minute with its motion markers (core.md §2, §9).
import { Box, Slider } from '@mantine/core';
import type { EventSpan } from '@camwatch/contract/archives';
import { SEEK_BAR_SEC_PER_ARCHIVE } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import { markerPercent } from '../player-rules.ts';

interface Props {
  value: number;
  markers: readonly EventSpan[];
  disabled: boolean;
  onSeek: (seconds: number) => void;
}

const mmss = (seconds: number) => `0:${String(Math.floor(seconds)).padStart(2, '0')}`;

export function SeekBar({ value, markers, disabled, onSeek }: Props) {
  const { t } = useTranslation();
  return (
    <Box pos="relative" style={{ flex: 1, minWidth: 120 }}>
      <Box pos="absolute" left={0} right={0} top={-6} h={4} aria-hidden data-testid="seek-markers">
        {markers.map((span, i) => {
          const { left, width } = markerPercent(span);
          return (
            <Box
              key={i}
              pos="absolute"
              top={0}
              h={4}
              style={{
                left: `${left}%`,
                width: `${width}%`,
                background: 'var(--mantine-color-orange-6)',
                borderRadius: 2,
              }}
            />
          );
        })}
      </Box>
      <Slider
        min={0}
        max={SEEK_BAR_SEC_PER_ARCHIVE}
        step={1}
        value={Math.min(value, SEEK_BAR_SEC_PER_ARCHIVE)}
        onChange={onSeek}
        disabled={disabled}
        thumbLabel={t('player.seek')}
        label={(v) => mmss(v)}
        size="sm"
        color="blue"
      />
    </Box>
  );
}
