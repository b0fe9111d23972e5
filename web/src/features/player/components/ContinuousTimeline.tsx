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
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { hidesNoMotionArchives } from '@camwatch/contract/archive-rules';
import { coverageBucketFor, coveragePages } from '@camwatch/contract/coverage-rules';
import { canDownloadArchive } from '@camwatch/contract/permissions';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate, localDateMinute } from '../../../lib/local-time.ts';
import { coveragePageQueryOptions } from '../api/get-coverage.ts';
import '../continuous-timeline-texts.ts';
import {
  centerOf,
  coverageSegments,
  initialView,
  PAN_STEP,
  panView,
  playableMoment,
  segmentAt,
  ticksFor,
  timeAt,
  viewBounds,
  xOf,
  ZOOM_STEP,
  zoomView,
  type TimeView,
} from '../continuous-timeline-rules.ts';
import type { DetailPlayer } from '../hooks/use-detail-player.ts';
import { useRangeExport, type ExportRange, type TimelineMessage } from '../hooks/use-range-export.ts';
import { useTimelineEvents } from '../hooks/use-timeline-events.ts';
import { useTimelineScrub } from '../hooks/use-timeline-scrub.ts';
import { useTimelineWheel } from '../hooks/use-timeline-wheel.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { SnapshotThumb } from './SnapshotThumb.tsx';
import {
  LANE_HEIGHT,
  TimelineLegend,
  TimelineMarks,
  TimelineTicks,
  timelineColors,
  TRACK_HEIGHT,
  type Lane,
} from './TimelineMarks.tsx';

interface Props {
  cameraCode: string;
  player: DetailPlayer;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export default function ContinuousTimeline({ cameraCode: code, player }: Props) {
  const { t } = useTranslation();
  const camera = useCameraDetailQuery(code);
  const canExport = canDownloadArchive(useMe().permissions);
  const [exporting, setExporting] = useState<ExportRange | null>(null);
  const [message, setMessage] = useState<TimelineMessage | null>(null);
  const { isChecking, exportRange } = useRangeExport(code, setExporting, setMessage);
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
    const kind = (isSelectMode || event.shiftKey) && canExport ? 'select' : 'scrub';
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
    if (drag.kind === 'select') {
      setSelectMode(false);
      void exportRange(drag.fromMs, ms);
    } else scrubTo(ms);
  };

  const scrubTo = (ms: number) => {
    const target = playableMoment(segments, ms);
    if (target === null) {
      setMessage({ text: t('continuousTimeline.nothingAfter', { time: localDateMinute(ms) }), tone: 'info' });
      return;
    }
    playAt(target);
  };

  useTimelineWheel(trackRef, view, bounds, setView);

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
        setSelectMode(false);
        if (canExport) void exportRange(keyAnchor, center);
      },
    };
    actions[' '] = actions.Enter!;
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  // ── Drawing ──
  const x = (ms: number) => xOf(ms, width, view);
  const visible = segments.filter((s) => s.endMs > view.startMs && s.startMs < view.endMs);
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
        {canExport && (
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
        <TimelineTicks ticks={ticksFor(view, width)} view={view} width={width} />
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
            background: timelineColors.gap,
            borderRadius: 4,
            overflow: 'hidden',
            cursor: isSelectMode ? 'crosshair' : 'pointer',
            touchAction: 'none',
            userSelect: 'none',
            outlineOffset: 2,
          }}
        >
          <TimelineMarks
            view={view}
            width={width}
            nowMs={nowMs}
            segments={visible}
            lanes={lanes}
            events={shownMarks}
            selection={selection}
            playingMs={playingMs}
            pointerMs={thumbMs}
          />
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
        <TimelineLegend lanes={lanes} events={shownMarks} />
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
