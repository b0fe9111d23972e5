// The 60 s seek bar of one archive minute with the event markers of the chosen filter (core.md §2, §9). While
// the pointer is over it or the thumb is dragged, the minute's snapshot shows above it with the time there.
import { Box, Slider } from '@mantine/core';
import { useRef, useState } from 'react';
import type { EventSpan } from '@camwatch/contract/archives';
import { SEEK_BAR_SEC_PER_ARCHIVE } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { clipPositionLabel } from '../../../lib/local-time.ts';
import { markerPercent } from '../player-rules.ts';
import { SnapshotThumb } from './SnapshotThumb.tsx';

interface Props {
  value: number;
  markers: readonly EventSpan[];
  disabled: boolean;
  onSeek: (seconds: number) => void;
  cameraCode: string;
  /** Start of the playing minute; no snapshot without one. */
  minuteMs: number | null;
}

export function SeekBar({ value, markers, disabled, onSeek, cameraCode, minuteMs }: Props) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ sec: number; left: number } | null>(null);

  const hoverAt = (clientX: number) => {
    const box = boxRef.current;
    if (!box || disabled || minuteMs === null) return;
    const rect = box.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    setHover({ sec: Math.floor(fraction * SEEK_BAR_SEC_PER_ARCHIVE), left: fraction * rect.width });
  };
  const scrub = (seconds: number) => {
    const width = boxRef.current?.getBoundingClientRect().width ?? 0;
    if (minuteMs !== null) setHover({ sec: seconds, left: (seconds / SEEK_BAR_SEC_PER_ARCHIVE) * width });
    onSeek(seconds);
  };

  return (
    <Box
      ref={boxRef}
      pos="relative"
      mb={6}
      onMouseMove={(e) => hoverAt(e.clientX)}
      onMouseLeave={() => setHover(null)}
      data-testid="seek-bar"
    >
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
        onChange={scrub}
        onChangeEnd={() => setHover(null)}
        disabled={disabled}
        thumbLabel={t('player.seek')}
        label={clipPositionLabel}
        size="sm"
        color="blue"
      />
      {hover && minuteMs !== null && (
        <SnapshotThumb
          cameraCode={cameraCode}
          minuteMs={minuteMs}
          label={formatDateTime(minuteMs + hover.sec * 1000)}
          left={hover.left}
          bottom={18}
        />
      )}
    </Box>
  );
}
