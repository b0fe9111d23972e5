// The archive timeline (core.md §2, §4, §9): the minutes of the display period in lines (1H 10 lines of 6
// minutes, 6H 6 lines of an hour, 24H 12 lines of two hours), each recorded, not recorded, future (on its way),
// upcoming (not begun: blank) or hidden (no motion on a camera that hides such minutes), with the event markers
// of the chosen filter.
// Hovering or focusing a minute shows its snapshot. Minutes are buttons with one tab stop for the whole
// timeline; arrow keys move between minutes (left/right) and lines (up/down).
import { Box, Group, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { useTranslation } from '../../../lib/i18n.ts';
import { localTime } from '../../../lib/local-time.ts';
import { markerPercent, periodLines, type TimelineCell, type TimelineHours } from '../player-rules.ts';
import { SnapshotThumb } from './SnapshotThumb.tsx';

interface Props {
  cameraCode: string;
  cells: readonly TimelineCell[];
  hours: TimelineHours;
  selected: string | null;
  onSelect: (entry: ArchiveEntry) => void;
}

const colors: Record<TimelineCell['state'] | 'selected', { bg: string; fg: string; border?: string }> = {
  selected: { bg: 'var(--mantine-color-blue-7)', fg: 'white' },
  data: { bg: 'var(--mantine-color-blue-2)', fg: 'var(--mantine-color-blue-9)' },
  noData: { bg: 'var(--mantine-color-gray-2)', fg: 'var(--mantine-color-gray-6)' },
  future: {
    bg: 'transparent',
    fg: 'var(--mantine-color-gray-5)',
    border: '1px dashed var(--mantine-color-gray-4)',
  },
  upcoming: { bg: 'var(--mantine-color-gray-0)', fg: 'var(--mantine-color-gray-4)' },
  hidden: { bg: 'var(--mantine-color-gray-1)', fg: 'var(--mantine-color-gray-5)' },
};

/** Minutes that cannot be played: nothing to show yet, or hidden by the camera's setting. */
const isInert = (state: TimelineCell['state']) =>
  state === 'future' || state === 'upcoming' || state === 'hidden';

export function ArchiveTimeline({ cameraCode, cells, hours, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { lines, minutesPerLine } = periodLines(hours);
  const boxRef = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [hover, setHover] = useState<{ ms: number; left: number; bottom: number } | null>(null);
  const showText = minutesPerLine <= 6;

  const selectedIndex = cells.findIndex((c) => c.entry.start_time === selected);
  const firstData = cells.findIndex((c) => c.state === 'data');
  const tabStop = selectedIndex >= 0 ? selectedIndex : Math.max(0, firstData);

  const labelOf = (cell: TimelineCell) => {
    const time = localTime(cell.ms);
    if (cell.state === 'future') return t('player.minute.future', { time });
    if (cell.state === 'upcoming') return t('player.minute.upcoming', { time });
    if (cell.state === 'noData') return t('player.minute.noData', { time });
    if (cell.state === 'hidden') return t('player.timeline.hidden', { time });
    return t(cell.markers.length > 0 ? 'player.minute.motion' : 'player.minute.hasData', { time });
  };

  const showThumb = (cell: TimelineCell, element: HTMLElement) => {
    const box = boxRef.current;
    if (!box || cell.state !== 'data') return setHover(null);
    const outer = box.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    setHover({
      ms: cell.ms,
      left: Math.min(outer.width - 80, Math.max(80, rect.left + rect.width / 2 - outer.left)),
      bottom: outer.bottom - rect.top + 6,
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = buttons.current.findIndex((b) => b === document.activeElement);
    if (index < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -minutesPerLine, ArrowDown: minutesPerLine }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(cells.length - 1, Math.max(0, index + step));
    buttons.current[next]?.focus();
  };

  return (
    <Box ref={boxRef} pos="relative" role="group" aria-label={t('player.archives')} onKeyDown={onKeyDown}>
      <Box style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, rowGap: 4 }}>
        {Array.from({ length: lines }, (_, line) => {
          const rowCells = cells.slice(line * minutesPerLine, (line + 1) * minutesPerLine);
          if (rowCells.length === 0) return null;
          const from = localTime(rowCells[0]!.ms);
          const to = localTime(rowCells.at(-1)!.ms + 60_000);
          return [
            <Text
              key={`l${line}`}
              size="xs"
              c="dimmed"
              ff="monospace"
              style={{ alignSelf: 'center' }}
              aria-hidden
            >
              {from}
            </Text>,
            <Box
              key={`r${line}`}
              component="ul"
              aria-label={t('player.minutes', { from: t('player.timeline.line', { from, to }) })}
              data-testid="timeline-line"
              m={0}
              p={0}
              style={{ listStyle: 'none', display: 'flex', gap: showText ? 3 : 0 }}
            >
              {rowCells.map((cell, i) => {
                const index = line * minutesPerLine + i;
                const isSelected = cell.entry.start_time === selected;
                const color = colors[isSelected ? 'selected' : cell.state];
                const label = labelOf(cell);
                return (
                  <li key={cell.entry.start_time} style={{ flex: 1, minWidth: 0 }}>
                    <button
                      ref={(el) => {
                        buttons.current[index] = el;
                      }}
                      type="button"
                      aria-label={label}
                      aria-pressed={isSelected}
                      title={showText ? label : undefined}
                      tabIndex={index === tabStop ? 0 : -1}
                      disabled={isInert(cell.state)}
                      data-state={cell.state}
                      data-minute={localTime(cell.ms)}
                      onClick={() => onSelect(cell.entry)}
                      onMouseEnter={(e) => showThumb(cell, e.currentTarget)}
                      onFocus={(e) => showThumb(cell, e.currentTarget)}
                      onMouseLeave={() => setHover(null)}
                      onBlur={() => setHover(null)}
                      style={{
                        position: 'relative',
                        display: 'block',
                        width: '100%',
                        height: showText ? 28 : 22,
                        padding: 0,
                        font: 'inherit',
                        fontSize: 11,
                        background: color.bg,
                        color: color.fg,
                        border: color.border ?? '1px solid transparent',
                        borderRadius: showText ? 4 : 0,
                        cursor: isInert(cell.state) ? 'default' : 'pointer',
                        overflow: 'hidden',
                      }}
                    >
                      {showText && localTime(cell.ms).slice(3)}
                      {cell.markers.map((span, k) => {
                        const { left, width } = markerPercent(span);
                        return (
                          <span
                            key={k}
                            aria-hidden
                            data-testid="timeline-marker"
                            style={{
                              position: 'absolute',
                              bottom: 0,
                              height: showText ? 4 : 6,
                              left: `${left}%`,
                              width: `max(${width}%, 1px)`,
                              background: 'var(--mantine-color-orange-6)',
                            }}
                          />
                        );
                      })}
                    </button>
                  </li>
                );
              })}
            </Box>,
          ];
        })}
      </Box>
      {hover && (
        <SnapshotThumb
          cameraCode={cameraCode}
          minuteMs={hover.ms}
          label={localTime(hover.ms)}
          left={hover.left}
          bottom={hover.bottom}
        />
      )}
      <Group gap="md" mt={6} aria-hidden>
        <Legend color={colors.data.bg} text={t('player.legend.hasData')} />
        <Legend color="var(--mantine-color-orange-6)" text={t('player.legend.motion')} />
        <Legend color={colors.noData.bg} text={t('player.legend.noData')} />
        <Legend color="transparent" border={colors.future.border} text={t('player.timeline.legendFuture')} />
        <Legend color={colors.hidden.bg} text={t('player.timeline.legendHidden')} />
      </Group>
    </Box>
  );
}

function Legend({ color, text, border }: { color: string; text: string; border?: string }) {
  return (
    <Group gap={4}>
      <Box w={10} h={10} style={{ background: color, borderRadius: 2, border }} />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
