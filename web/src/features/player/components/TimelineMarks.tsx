// What the continuous timeline (issue 22) draws, given where its window lies: the ticks above the strip, and
// in it the time after now, the recorded blocks, the event lanes under them, the camera's down/up lines, the
// selected range, the playing moment and the pointer's line; and the legend. Decorative: the strip itself
// (ContinuousTimeline.tsx) is the slider assistive technology reads.
import { Box, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { localTime } from '../../../lib/local-time.ts';
import { xOf, type Segment, type Tick, type TimeView } from '../continuous-timeline-rules.ts';
import type { TimelineMark } from '../hooks/use-timeline-events.ts';

export const TRACK_HEIGHT = 34;
export const LANE_HEIGHT = 4;

export const timelineColors = {
  recorded: 'var(--mantine-color-blue-5)',
  partial: 'var(--mantine-color-blue-2)',
  gap: 'repeating-linear-gradient(135deg, var(--mantine-color-gray-1) 0 6px, var(--mantine-color-gray-3) 6px 8px)',
  future: 'var(--mantine-color-gray-0)',
  motion: 'var(--mantine-color-orange-6)',
  enterAlert: 'var(--mantine-color-red-7)',
  people: 'var(--mantine-color-teal-6)',
  person: 'var(--mantine-color-violet-6)',
  camera_down: 'var(--mantine-color-red-9)',
  camera_up: 'var(--mantine-color-green-7)',
  playhead: 'var(--mantine-color-dark-7)',
  selection: 'rgba(34, 139, 230, 0.25)',
};

/** The event lanes counted with the coverage. */
export type Lane = 'motion' | 'enterAlert' | 'people';

/** Adjacent buckets with the same look drawn as one block. */
function blocksOf(segments: readonly Segment[]): { startMs: number; endMs: number; isFull: boolean }[] {
  const blocks: { startMs: number; endMs: number; isFull: boolean }[] = [];
  for (const s of segments) {
    if (s.share <= 0) continue;
    const isFull = s.share >= 0.95;
    const last = blocks.at(-1);
    if (last && last.isFull === isFull && last.endMs === s.startMs) last.endMs = s.endMs;
    else blocks.push({ startMs: s.startMs, endMs: s.endMs, isFull });
  }
  return blocks;
}

/** An absolutely placed, decorative box of the strip. */
const mark = (style: CSSProperties) => ({
  'aria-hidden': true,
  style: { position: 'absolute', ...style } satisfies CSSProperties,
});

export function TimelineTicks({ ticks, view, width }: { ticks: Tick[]; view: TimeView; width: number }) {
  return (
    <Box h={16} pos="relative" aria-hidden style={{ overflow: 'hidden' }}>
      {ticks
        .map((tick) => ({ tick, x: xOf(tick.ms, width, view) }))
        .filter(({ x }) => x >= 16 && x <= width - 16)
        .map(({ tick, x }) => (
          <Text
            key={tick.ms}
            size="xs"
            c={tick.isDay ? undefined : 'dimmed'}
            fw={tick.isDay ? 600 : undefined}
            pos="absolute"
            top={0}
            left={x}
            style={{ transform: 'translateX(-50%)', whiteSpace: 'nowrap', lineHeight: '16px' }}
          >
            {tick.isDay
              ? `${new Date(tick.ms).getMonth() + 1}/${new Date(tick.ms).getDate()}`
              : localTime(tick.ms)}
          </Text>
        ))}
    </Box>
  );
}

interface MarksProps {
  view: TimeView;
  width: number;
  nowMs: number;
  /** The segments in the window. */
  segments: readonly Segment[];
  lanes: readonly Lane[];
  /** Events of the window from the events call. */
  events: readonly TimelineMark[];
  selection: { a: number; b: number } | null;
  playingMs: number | null;
  pointerMs: number | null;
}

export function TimelineMarks(props: MarksProps) {
  const { view, width, lanes } = props;
  const x = (ms: number) => xOf(ms, width, view);
  const laneTop = (i: number) => TRACK_HEIGHT + 2 + i * LANE_HEIGHT;
  const isShown = (ms: number | null): ms is number => ms !== null && ms >= view.startMs && ms <= view.endMs;
  return (
    <>
      {props.nowMs < view.endMs && (
        <div
          {...mark({
            top: 0,
            bottom: 0,
            left: Math.max(0, x(props.nowMs)),
            right: 0,
            background: timelineColors.future,
          })}
        />
      )}
      {blocksOf(props.segments).map((block) => {
        const left = Math.max(-1, x(block.startMs));
        return (
          <div
            key={block.startMs}
            data-testid="timeline-recorded"
            {...mark({
              top: 0,
              height: TRACK_HEIGHT,
              left,
              width: Math.max(1, Math.min(width + 1, x(block.endMs)) - left),
              background: block.isFull ? timelineColors.recorded : timelineColors.partial,
            })}
          />
        );
      })}
      {lanes.map((lane, i) =>
        props.segments
          .filter((s) => s[lane] > 0)
          .map((s) => (
            <div
              key={`${lane}${s.startMs}`}
              data-testid={`timeline-mark-${lane}`}
              {...mark({
                top: laneTop(i),
                height: LANE_HEIGHT - 1,
                left: x(s.startMs),
                width: Math.max(2, x(s.endMs) - x(s.startMs)),
                background: timelineColors[lane],
              })}
            />
          )),
      )}
      {props.events.map((event) =>
        event.kind === 'person' ? (
          <div
            key={event.id}
            data-testid="timeline-mark-person"
            {...mark({
              top: laneTop(lanes.length),
              height: LANE_HEIGHT - 1,
              left: x(event.atMs) - 1,
              width: Math.max(2, event.endMs === null ? 2 : x(event.endMs) - x(event.atMs)),
              background: timelineColors.person,
            })}
          />
        ) : (
          <div
            key={event.id}
            data-testid={`timeline-mark-${event.kind}`}
            {...mark({
              top: 0,
              height: TRACK_HEIGHT,
              left: x(event.atMs) - 1,
              width: 2,
              background:
                event.kind === 'camera_down' ? timelineColors.camera_down : timelineColors.camera_up,
            })}
          />
        ),
      )}
      {props.selection && (
        <div
          data-testid="timeline-range"
          {...mark({
            top: 0,
            bottom: 0,
            left: x(Math.min(props.selection.a, props.selection.b)),
            width: Math.max(2, Math.abs(x(props.selection.b) - x(props.selection.a))),
            background: timelineColors.selection,
            borderInline: '1px solid var(--mantine-color-blue-7)',
          })}
        />
      )}
      {isShown(props.playingMs) && (
        <div
          data-testid="timeline-playhead"
          {...mark({
            top: 0,
            bottom: 0,
            left: x(props.playingMs) - 1,
            width: 2,
            background: timelineColors.playhead,
          })}
        />
      )}
      {props.pointerMs !== null && (
        <div
          {...mark({
            top: 0,
            bottom: 0,
            left: x(props.pointerMs),
            width: 1,
            borderLeft: '1px dashed var(--mantine-color-dark-3)',
          })}
        />
      )}
    </>
  );
}

export function TimelineLegend({
  lanes,
  events,
}: {
  lanes: readonly Lane[];
  events: readonly TimelineMark[];
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" aria-hidden>
      <Legend background={timelineColors.recorded} text={t('continuousTimeline.legend.recorded')} />
      <Legend background={timelineColors.partial} text={t('continuousTimeline.legend.partial')} />
      <Legend background={timelineColors.gap} text={t('continuousTimeline.legend.gap')} />
      {lanes.map((lane) => (
        <Legend key={lane} background={timelineColors[lane]} text={t(`continuousTimeline.legend.${lane}`)} />
      ))}
      {events.some((e) => e.kind === 'person') && (
        <Legend background={timelineColors.person} text={t('continuousTimeline.legend.person')} />
      )}
      {events.some((e) => e.kind !== 'person') && (
        <>
          <Legend background={timelineColors.camera_down} text={t('continuousTimeline.legend.cameraDown')} />
          <Legend background={timelineColors.camera_up} text={t('continuousTimeline.legend.cameraUp')} />
        </>
      )}
    </Group>
  );
}

function Legend({ background, text }: { background: string; text: string }) {
  return (
    <Group gap={4}>
      <Box w={10} h={10} style={{ background, borderRadius: 2 }} />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
