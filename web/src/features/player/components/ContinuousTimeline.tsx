// The continuous timeline of the detail page (issue 22), above the spec's minute grid: a strip over minutes to
// days showing what was recorded (gaps hatched), event marks by kind in lanes under it, and the playing moment.
// Hovering shows the minute's snapshot; dragging scrubs (the snapshot follows, releasing plays that moment, or
// the next recording after a gap); Shift+drag or the select mode picks a range for the download dialog, checked
// first against what was recorded. Wheel or pinch zooms around the pointer, the buttons around the playing
// moment; arrows pan. It is a slider for assistive technology: its value is the moment in the middle.
// Loaded as its own chunk (the detail page's first screen stays small).
import { ActionIcon, Alert, Box, Button, CloseButton, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClockHour4,
  IconMinus,
  IconPlus,
  IconScissors,
} from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { hidesNoMotionArchives } from '@camwatch/contract/archive-rules';
import { DOWNLOAD_MAX_HOURS } from '@camwatch/contract/constants';
import { coverageBucketFor, coveragePages } from '@camwatch/contract/coverage-rules';
import { canDownloadArchive } from '@camwatch/contract/permissions';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate, localDateMinute, localTime } from '../../../lib/local-time.ts';
import { coveragePageQueryOptions, rangeCoverageQueryOptions } from '../api/get-coverage.ts';
import '../continuous-timeline-texts.ts';
import {
  centerOf,
  coverageSegments,
  initialView,
  normalizeRange,
  PAN_STEP,
  panView,
  playableMoment,
  rangeVerdict,
  segmentAt,
  ticksFor,
  timeAt,
  viewBounds,
  xOf,
  ZOOM_STEP,
  zoomView,
  type Segment,
  type TimeView,
} from '../continuous-timeline-rules.ts';
import type { DetailPlayer } from '../hooks/use-detail-player.ts';
import { useTimelineEvents } from '../hooks/use-timeline-events.ts';
import { useTimelineScrub } from '../hooks/use-timeline-scrub.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { SnapshotThumb } from './SnapshotThumb.tsx';

interface ExportRange {
  startMs: number;
  endMs: number;
  /** Said in the download dialog: how the range was trimmed or how much of it was recorded. */
  note: string | null;
}

interface Props {
  cameraCode: string;
  player: DetailPlayer;
}

const TRACK_HEIGHT = 34;
const LANE_HEIGHT = 4;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const colors = {
  recorded: 'var(--mantine-color-blue-5)',
  partial: 'var(--mantine-color-blue-2)',
  gap: 'repeating-linear-gradient(135deg, var(--mantine-color-gray-1) 0 6px, var(--mantine-color-gray-3) 6px 8px)',
  future: 'var(--mantine-color-gray-0)',
  motion: 'var(--mantine-color-orange-6)',
  person: 'var(--mantine-color-violet-6)',
  camera_down: 'var(--mantine-color-red-9)',
  camera_up: 'var(--mantine-color-green-7)',
  enterAlert: 'var(--mantine-color-red-7)',
  people: 'var(--mantine-color-teal-6)',
  playhead: 'var(--mantine-color-dark-7)',
  selection: 'rgba(34, 139, 230, 0.25)',
};

type Lane = 'motion' | 'enterAlert' | 'people';

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

export default function ContinuousTimeline({ cameraCode: code, player }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const camera = useCameraDetailQuery(code);
  const canExport = canDownloadArchive(useMe().permissions);
  const [exporting, setExporting] = useState<ExportRange | null>(null);
  const onExport = canExport ? (range: ExportRange) => setExporting(range) : null;
  const nowMs = player.nowMs;
  const { ref: sizeRef, width } = useElementSize();
  const trackRef = useRef<HTMLDivElement | null>(null);
  const playAt = useTimelineScrub(player, camera);

  const [view, setView] = useState<TimeView>(() =>
    initialView(player.selectedMs ?? player.hourStart + 30 * MINUTE_MS, viewBounds(Date.now(), null)),
  );
  const span = view.endMs - view.startMs;

  // Coverage of the window, in pages of one bucket size (about two pixels a bucket).
  const bucketSec = coverageBucketFor(span, Math.max(60, Math.floor(width / 2)));
  const pages = coveragePages(view.startMs, view.endMs, bucketSec);
  const coverage = useQueries({
    queries: pages.map((page) => ({
      ...coveragePageQueryOptions(code, bucketSec, page, nowMs),
      enabled: width > 0,
      placeholderData: keepPreviousData,
    })),
  });
  const loaded = coverage.flatMap((q) => (q.data ? [q.data] : []));
  // While a new bucket size loads, the previous one's answers stand in (never both at once).
  const current = loaded.filter((a) => a.bucket_sec === bucketSec);
  const answers = current.length > 0 ? current : loaded;
  const answersKey = coverage.map((q) => q.dataUpdatedAt).join(',');
  const hidesNoMotion = hidesNoMotionArchives(camera);
  const segments = useMemo(
    () => coverageSegments(answers, hidesNoMotion),
    // The answers change when a query's data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answersKey, hidesNoMotion],
  );
  const firstRecorded = answers.find((a) => a.first_recorded)?.first_recorded ?? null;
  const bounds = viewBounds(nowMs, firstRecorded ? Date.parse(firstRecorded) : null);
  const isLoadError = coverage.some((q) => q.isError) && answers.length === 0;
  // Persons tracked and the camera going down and up come from the events call, by the same pages.
  const events = useTimelineEvents(code, pages, bucketSec, nowMs, width > 0);
  const shownMarks = events.marks.filter((m) => (m.endMs ?? m.atMs) >= view.startMs && m.atMs <= view.endMs);
  const hasPersons = shownMarks.some((m) => m.kind === 'person');

  // A lane for each kind of event the camera has (whatever the minute grid's filter shows).
  const lanes: Lane[] = (
    [
      ['motion', camera.use_motion],
      ['enterAlert', camera.use_enter_alert],
      ['people', camera.use_people_counter],
    ] as const
  )
    .filter(([, has]) => has)
    .map(([lane]) => lane);

  const playingMs =
    player.selectedMs !== null && !player.live.isOn
      ? player.selectedMs + (player.playback.currentTime + player.clipOffset) * 1000
      : null;
  const isPlayingVisible = playingMs !== null && playingMs >= view.startMs && playingMs <= view.endMs;

  // A minute chosen elsewhere (the grid, playback moving on) out of sight: centre on it, unless the strip was
  // moved away from the playing minute on purpose (then it stays where it was put).
  const selectedMs = player.selectedMs;
  const previousSelected = useRef<number | null>(null);
  useEffect(() => {
    const previous = previousSelected.current;
    previousSelected.current = selectedMs;
    if (selectedMs === null) return;
    setView((shown) => {
      const isShown = (ms: number) => ms >= shown.startMs && ms < shown.endMs;
      if (isShown(selectedMs) || (previous !== null && !isShown(previous))) return shown;
      return panView(shown, selectedMs - centerOf(shown), viewBounds(Date.now(), null));
    });
  }, [selectedMs]);

  // ── Pointer: hover, scrub, select, pinch ──
  const [hoverMs, setHoverMs] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ kind: 'scrub' | 'select'; fromMs: number; toMs: number } | null>(null);
  const pointers = useRef(new Map<number, number>());
  const [isSelectMode, setSelectMode] = useState(false);
  const [keyAnchor, setKeyAnchor] = useState<number | null>(null);
  const [isFocused, setFocused] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const [isChecking, setChecking] = useState(false);

  const msAtClient = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    return rect ? timeAt(clientX - rect.left, rect.width, view) : centerOf(view);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, event.clientX);
    if (pointers.current.size > 1) return setDrag(null); // a second finger: pinch, not drag
    const ms = msAtClient(event.clientX);
    const kind = (isSelectMode || event.shiftKey) && onExport ? 'select' : 'scrub';
    setDrag({ kind, fromMs: ms, toMs: ms });
    setHoverMs(ms);
    setMessage(null);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (pointers.current.size === 2 && previous !== undefined) {
      const [a, b] = [...pointers.current.entries()];
      const other = a![0] === event.pointerId ? b![1] : a![1];
      const before = Math.abs(previous - other);
      const after = Math.abs(event.clientX - other);
      pointers.current.set(event.pointerId, event.clientX);
      if (before > 10 && after > 10)
        setView((v) => zoomView(v, before / after, msAtClient((event.clientX + other) / 2), bounds));
      return;
    }
    if (previous !== undefined) pointers.current.set(event.pointerId, event.clientX);
    const ms = msAtClient(event.clientX);
    setHoverMs(ms);
    if (drag) setDrag({ ...drag, toMs: ms });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (!drag || wasPinch) return setDrag(null);
    const ms = msAtClient(event.clientX);
    setDrag(null);
    if (drag.kind === 'select') void exportRange(drag.fromMs, ms);
    else scrubTo(ms);
  };

  const scrubTo = (ms: number) => {
    const target = playableMoment(segments, ms);
    if (target === null) {
      setMessage({ text: t('continuousTimeline.nothingAfter', { time: localDateMinute(ms) }), tone: 'info' });
      return;
    }
    playAt(target);
  };

  // Wheel: zoom around the pointer (a trackpad's pinch arrives as a wheel with ctrlKey); sideways: pan.
  const viewRef = useRef(view);
  const boundsRef = useRef(bounds);
  useEffect(() => {
    viewRef.current = view;
    boundsRef.current = bounds;
  });
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = track.getBoundingClientRect();
      const current = viewRef.current;
      const currentSpan = current.endMs - current.startMs;
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY) || event.shiftKey) {
        const delta = (event.shiftKey ? event.deltaY : event.deltaX) || event.deltaX;
        setView(panView(current, (delta / Math.max(rect.width, 1)) * currentSpan, boundsRef.current));
        return;
      }
      const factor = Math.exp(event.deltaY * (event.ctrlKey ? 0.01 : 0.0015));
      const anchor = timeAt(event.clientX - rect.left, rect.width, current);
      setView(zoomView(current, factor, anchor, boundsRef.current));
    };
    track.addEventListener('wheel', onWheel, { passive: false });
    return () => track.removeEventListener('wheel', onWheel);
  }, []);

  // ── Buttons and keys ──
  const zoomAnchor = isPlayingVisible ? playingMs : centerOf(view);
  const zoom = (factor: number, anchor = zoomAnchor) => setView(zoomView(view, factor, anchor, bounds));
  const pan = (share: number) => setView(panView(view, share * span, bounds));
  const goNow = () => setView(panView(view, bounds.maxMs - view.endMs, bounds));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const center = centerOf(view);
    const actions: Record<string, () => void> = {
      ArrowLeft: () => pan(-PAN_STEP),
      ArrowRight: () => pan(PAN_STEP),
      PageUp: () => pan(-1),
      PageDown: () => pan(1),
      Home: () => setView(panView(view, bounds.minMs - view.startMs, bounds)),
      End: goNow,
      '+': () => zoom(1 / ZOOM_STEP, center),
      '=': () => zoom(1 / ZOOM_STEP, center),
      '-': () => zoom(ZOOM_STEP, center),
      Escape: () => {
        setKeyAnchor(null);
        setSelectMode(false);
      },
      Enter: () => {
        if (!isSelectMode) return scrubTo(center);
        if (keyAnchor === null) return setKeyAnchor(center);
        setKeyAnchor(null);
        void exportRange(keyAnchor, center);
      },
    };
    actions[' '] = actions.Enter!;
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  // ── Range export ──
  const exportRange = async (aMs: number, bMs: number) => {
    if (!onExport) return;
    setSelectMode(false);
    const range = normalizeRange(aMs, bMs, Date.now());
    setChecking(true);
    setMessage(null);
    try {
      const ask = async (r: TimeView) => {
        const rangeSpan = r.endMs - r.startMs;
        const bucket = rangeSpan <= DOWNLOAD_MAX_HOURS * HOUR_MS ? 60 : coverageBucketFor(rangeSpan, 1440);
        const answer = await queryClient.fetchQuery(
          rangeCoverageQueryOptions(code, r.startMs, r.endMs, bucket),
        );
        return { answer, verdict: rangeVerdict(r, answer) };
      };
      const checked = await ask(range);
      let { verdict } = checked;
      // Coarse buckets trimmed a long range: ask again by the minute within what is left.
      if (verdict.kind === 'ok' && range.endMs - range.startMs > DOWNLOAD_MAX_HOURS * HOUR_MS) {
        const exact = (await ask(verdict.range)).verdict;
        verdict = exact.kind === 'ok' ? { ...exact, isTrimmed: true } : exact;
      }
      const when = (r: TimeView) => ({ from: localDateMinute(r.startMs), to: localDateMinute(r.endMs) });
      const { first_recorded: first, last_recorded: last } = checked.answer;
      if (verdict.kind === 'nothing') {
        const parts = [t('continuousTimeline.nothing', when(range))];
        if (verdict.beforeFirst)
          parts.push(
            first
              ? t('continuousTimeline.beforeFirst', { first: localDateMinute(Date.parse(first)) })
              : t('continuousTimeline.noRecordings'),
          );
        if (verdict.afterLast && last)
          parts.push(t('continuousTimeline.afterLast', { last: localDateMinute(Date.parse(last)) }));
        setMessage({ text: parts.join(' '), tone: 'info' });
      } else if (verdict.kind === 'tooLong') {
        setMessage({
          text: t('continuousTimeline.tooLong', { max: DOWNLOAD_MAX_HOURS, hours: verdict.hours }),
          tone: 'info',
        });
      } else {
        const notes = [
          verdict.isTrimmed ? t('continuousTimeline.trimmed', when(verdict.range)) : null,
          verdict.isPartial
            ? t('continuousTimeline.partialNote', { recorded: verdict.recordedMin, span: verdict.spanMin })
            : null,
        ].filter((n): n is string => n !== null);
        onExport({ ...verdict.range, note: notes.length > 0 ? notes.join(' ') : null });
      }
    } catch {
      setMessage({ text: t('continuousTimeline.checkFailed'), tone: 'error' });
    } finally {
      setChecking(false);
    }
  };

  // ── Drawing ──
  const x = (ms: number) => xOf(ms, width, view);
  const visible = segments.filter((s) => s.endMs > view.startMs && s.startMs < view.endMs);
  const blocks = blocksOf(visible);
  const ticks = ticksFor(view, width);
  const thumbMs = drag?.kind === 'scrub' ? drag.toMs : (hoverMs ?? (isFocused ? centerOf(view) : null));
  const thumbSegment = thumbMs === null ? undefined : segmentAt(segments, thumbMs);
  const center = centerOf(view);
  const stateAt = (ms: number) => {
    if (ms > nowMs) return t('continuousTimeline.state.future');
    const segment = segmentAt(segments, ms);
    if (!segment) return t('continuousTimeline.state.gap');
    return t(
      segment.share >= 0.95 ? 'continuousTimeline.state.recorded' : 'continuousTimeline.state.partial',
    );
  };
  const selection =
    drag?.kind === 'select'
      ? { a: drag.fromMs, b: drag.toMs }
      : keyAnchor !== null
        ? { a: keyAnchor, b: center }
        : null;
  const spanText =
    span >= 2 * 24 * HOUR_MS
      ? t('continuousTimeline.days', { n: Math.round(span / (24 * HOUR_MS)) })
      : span >= 2 * HOUR_MS
        ? t('continuousTimeline.hours', { n: Math.round(span / HOUR_MS) })
        : t('continuousTimeline.minutes', { n: Math.round(span / MINUTE_MS) });

  return (
    <Box component="section" aria-label={t('continuousTimeline.label')} data-testid="continuous-timeline">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Group gap={4}>
          <ActionIcon variant="default" aria-label={t('continuousTimeline.back')} onClick={() => pan(-0.5)}>
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t('continuousTimeline.forward')} onClick={() => pan(0.5)}>
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('continuousTimeline.zoomOut')}
            onClick={() => zoom(ZOOM_STEP)}
          >
            <IconMinus size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('continuousTimeline.zoomIn')}
            onClick={() => zoom(1 / ZOOM_STEP)}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t('continuousTimeline.now')} onClick={goNow}>
            <IconClockHour4 size={16} aria-hidden />
          </ActionIcon>
          <Text size="xs" c="dimmed" ml={4} data-testid="timeline-span">
            {t('continuousTimeline.span', { span: spanText })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="timeline-date">
            {localDate(view.startMs) === localDate(view.endMs)
              ? localDate(view.startMs)
              : `${localDate(view.startMs)} – ${localDate(view.endMs)}`}
          </Text>
        </Group>
        {onExport && (
          <Button
            size="compact-sm"
            variant={isSelectMode ? 'filled' : 'default'}
            leftSection={<IconScissors size={14} aria-hidden />}
            aria-pressed={isSelectMode}
            loading={isChecking}
            onClick={() => {
              setKeyAnchor(null);
              setSelectMode(!isSelectMode);
              setMessage(null);
            }}
          >
            {t('continuousTimeline.selectRange')}
          </Button>
        )}
      </Group>
      <Box pos="relative" ref={sizeRef}>
        <Box h={16} pos="relative" aria-hidden style={{ overflow: 'hidden' }}>
          {ticks
            .filter((tick) => x(tick.ms) >= 16 && x(tick.ms) <= width - 16)
            .map((tick) => (
              <Text
                key={tick.ms}
                size="xs"
                c={tick.isDay ? undefined : 'dimmed'}
                fw={tick.isDay ? 600 : undefined}
                pos="absolute"
                top={0}
                left={x(tick.ms)}
                style={{ transform: 'translateX(-50%)', whiteSpace: 'nowrap', lineHeight: '16px' }}
              >
                {tick.isDay
                  ? `${new Date(tick.ms).getMonth() + 1}/${new Date(tick.ms).getDate()}`
                  : localTime(tick.ms)}
              </Text>
            ))}
        </Box>
        <div
          ref={trackRef}
          role="slider"
          tabIndex={0}
          aria-label={t('continuousTimeline.label')}
          aria-describedby="continuous-timeline-hint"
          aria-valuemin={Math.round(bounds.minMs)}
          aria-valuemax={Math.round(bounds.maxMs)}
          aria-valuenow={Math.round(center)}
          aria-valuetext={t('continuousTimeline.valueText', {
            time: localDateMinute(center),
            state: stateAt(center),
          })}
          data-testid="timeline-track"
          data-view-start={Math.round(view.startMs)}
          data-view-end={Math.round(view.endMs)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={(event) => {
            pointers.current.delete(event.pointerId);
            setDrag(null);
          }}
          onPointerLeave={() => !drag && setHoverMs(null)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setKeyAnchor(null);
          }}
          style={{
            position: 'relative',
            height: TRACK_HEIGHT + Math.max(1, lanes.length + (hasPersons ? 1 : 0)) * LANE_HEIGHT + 4,
            background: colors.gap,
            borderRadius: 4,
            overflow: 'hidden',
            cursor: isSelectMode ? 'crosshair' : 'pointer',
            touchAction: 'none',
            userSelect: 'none',
            outlineOffset: 2,
          }}
        >
          {nowMs < view.endMs && (
            <Box
              aria-hidden
              pos="absolute"
              top={0}
              bottom={0}
              left={Math.max(0, x(nowMs))}
              right={0}
              style={{ background: colors.future }}
            />
          )}
          {blocks.map((block) => {
            const left = Math.max(-1, x(block.startMs));
            return (
              <div
                key={block.startMs}
                aria-hidden
                data-testid="timeline-recorded"
                data-start={block.startMs}
                data-end={block.endMs}
                style={{
                  position: 'absolute',
                  top: 0,
                  height: TRACK_HEIGHT,
                  left,
                  width: Math.max(1, Math.min(width + 1, x(block.endMs)) - left),
                  background: block.isFull ? colors.recorded : colors.partial,
                }}
              />
            );
          })}
          {lanes.map((lane, i) =>
            visible
              .filter((s) => s[lane] > 0)
              .map((s) => (
                <div
                  key={`${lane}${s.startMs}`}
                  aria-hidden
                  data-testid={`timeline-mark-${lane}`}
                  style={{
                    position: 'absolute',
                    top: TRACK_HEIGHT + 2 + i * LANE_HEIGHT,
                    height: LANE_HEIGHT - 1,
                    left: x(s.startMs),
                    width: Math.max(2, x(s.endMs) - x(s.startMs)),
                    background: colors[lane],
                  }}
                />
              )),
          )}
          {shownMarks.map((mark) =>
            mark.kind === 'person' ? (
              <div
                key={mark.id}
                aria-hidden
                data-testid="timeline-mark-person"
                style={{
                  position: 'absolute',
                  top: TRACK_HEIGHT + 2 + lanes.length * LANE_HEIGHT,
                  height: LANE_HEIGHT - 1,
                  left: x(mark.atMs) - 1,
                  width: Math.max(2, mark.endMs === null ? 2 : x(mark.endMs) - x(mark.atMs)),
                  background: colors.person,
                }}
              />
            ) : (
              <div
                key={mark.id}
                aria-hidden
                data-testid={`timeline-mark-${mark.kind}`}
                title={mark.kind}
                style={{
                  position: 'absolute',
                  top: 0,
                  height: TRACK_HEIGHT,
                  left: x(mark.atMs) - 1,
                  width: 2,
                  background: colors[mark.kind as 'camera_down' | 'camera_up'],
                }}
              />
            ),
          )}
          {selection && (
            <Box
              aria-hidden
              data-testid="timeline-range"
              pos="absolute"
              top={0}
              bottom={0}
              left={x(Math.min(selection.a, selection.b))}
              w={Math.max(2, Math.abs(x(selection.b) - x(selection.a)))}
              style={{ background: colors.selection, borderInline: '1px solid var(--mantine-color-blue-7)' }}
            />
          )}
          {isPlayingVisible && (
            <Box
              aria-hidden
              data-testid="timeline-playhead"
              pos="absolute"
              top={0}
              bottom={0}
              left={x(playingMs) - 1}
              w={2}
              style={{ background: colors.playhead }}
            />
          )}
          {thumbMs !== null && (
            <Box
              aria-hidden
              pos="absolute"
              top={0}
              bottom={0}
              left={x(thumbMs)}
              w={1}
              style={{ borderLeft: '1px dashed var(--mantine-color-dark-3)' }}
            />
          )}
        </div>
        {thumbMs !== null &&
          (thumbSegment ? (
            <SnapshotThumb
              cameraCode={code}
              minuteMs={Math.floor(thumbMs / MINUTE_MS) * MINUTE_MS}
              label={localDateMinute(thumbMs)}
              left={Math.min(Math.max(x(thumbMs), 80), Math.max(80, width - 80))}
              bottom={TRACK_HEIGHT + 20}
            />
          ) : (
            <Text
              size="xs"
              pos="absolute"
              bottom={TRACK_HEIGHT + 20}
              left={Math.min(Math.max(x(thumbMs) - 60, 0), Math.max(0, width - 120))}
              w={120}
              ta="center"
              bg="var(--mantine-color-body)"
              style={{
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 4,
                pointerEvents: 'none',
              }}
              data-testid="timeline-gap-label"
            >
              {`${localDateMinute(thumbMs)} ${stateAt(thumbMs)}`}
            </Text>
          ))}
      </Box>
      <Group gap="md" mt={4} justify="space-between" wrap="wrap">
        <Group gap="sm" aria-hidden>
          <Legend background={colors.recorded} text={t('continuousTimeline.legend.recorded')} />
          <Legend background={colors.partial} text={t('continuousTimeline.legend.partial')} />
          <Legend background={colors.gap} text={t('continuousTimeline.legend.gap')} />
          {lanes.map((lane) => (
            <Legend key={lane} background={colors[lane]} text={t(`continuousTimeline.legend.${lane}`)} />
          ))}
          {hasPersons && <Legend background={colors.person} text={t('continuousTimeline.legend.person')} />}
          {shownMarks.some((m) => m.kind !== 'person') && (
            <>
              <Legend background={colors.camera_down} text={t('continuousTimeline.legend.cameraDown')} />
              <Legend background={colors.camera_up} text={t('continuousTimeline.legend.cameraUp')} />
            </>
          )}
        </Group>
        <Text size="xs" c="dimmed" id="continuous-timeline-hint">
          {isSelectMode ? t('continuousTimeline.selectHint') : t('continuousTimeline.hint')}
        </Text>
      </Group>
      {isLoadError && (
        <Alert color="red" variant="light" role="alert" mt={4} p="xs">
          <Group justify="space-between">
            <Text size="sm">{t('continuousTimeline.loadFailed')}</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => coverage.forEach((q) => void q.refetch())}
            >
              {t('continuousTimeline.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {events.isCut && (
        <Text size="xs" c="dimmed" mt={2}>
          {t('continuousTimeline.eventsCut')}
        </Text>
      )}
      {isChecking && (
        <Text size="sm" c="dimmed" role="status" mt={4}>
          {t('continuousTimeline.checking')}
        </Text>
      )}
      {message && (
        <Alert
          color={message.tone === 'error' ? 'red' : 'yellow'}
          variant="light"
          role={message.tone === 'error' ? 'alert' : 'status'}
          mt={4}
          p="xs"
          data-testid="timeline-message"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{message.text}</Text>
            <CloseButton
              size="sm"
              aria-label={t('continuousTimeline.close')}
              onClick={() => setMessage(null)}
            />
          </Group>
        </Alert>
      )}
      {exporting && (
        <DownloadDialog
          cameraCode={code}
          hourStart={player.hourStart}
          initialRange={exporting}
          note={exporting.note}
          onClose={() => setExporting(null)}
        />
      )}
    </Box>
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
