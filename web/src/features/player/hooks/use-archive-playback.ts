// Archive playback with two <video> elements (core.md §4, §9): the selected minute plays in the visible one
// while the next minute with data loads in the hidden one; at a clip's end they swap, so minutes follow each
// other without a gap. After the period's last recorded minute it moves to the next period (not into the
// future); when the next minute is still being uploaded, it plays it once the re-fetched list has it. The
// period is the timeline's: 1, 6 or 24 hours. While paused, stepFrame moves one frame forward or back (issue 22),
// into the neighbouring recorded minute at a clip's ends, or says the period's edge is reached; the frame length
// is measured on the playing video (requestVideoFrameCallback), else taken from the camera's frame rate.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { STREAM_ARCHIVE_WINDOW_MIN, STREAMING_EXPIRES_ARCHIVE_SEC } from '@camwatch/contract/constants';
import { getArchiveVideoUrl } from '../../../lib/api/archive-video-url.ts';
import { startStreaming } from '../api/start-streaming.ts';
import {
  firstMinuteWithData,
  nextMinuteWithData,
  nextPeriodStart,
  type TimelineHours,
} from '../player-rules.ts';
import {
  frameSeconds,
  frameSecondsFromSamples,
  frameStep,
  previousMinuteWithData,
} from '../player-tools-rules.ts';
import { toOffsetIso } from '../../../lib/local-time.ts';

export type PlaybackStatus = 'idle' | 'loading' | 'ready' | 'noData' | 'error';
type Slot = 0 | 1;
/** A position to set once the clip's length is known; `fromEnd`: seconds before its end. */
interface WantedPosition {
  token: number;
  seconds: number;
  fromEnd?: boolean;
}
/** How many frame gaps are kept to measure the frame length. */
const FRAME_SAMPLES = 30;

/** Sets the wanted position on the element now, or once it knows its length. */
function seekWhenKnown(element: HTMLVideoElement, wanted: WantedPosition, isCurrent: () => boolean) {
  const apply = () => {
    const seconds = wanted.fromEnd
      ? Number.isFinite(element.duration)
        ? Math.max(0, element.duration - wanted.seconds)
        : 0
      : wanted.seconds;
    element.currentTime = seconds;
  };
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) apply();
  else element.addEventListener('loadedmetadata', () => isCurrent() && apply(), { once: true });
}

interface Options {
  archives: readonly ArchiveEntry[] | undefined;
  /** Start of the period the archives cover, and its length. */
  rangeStart: number;
  rangeHours: TimelineHours;
  onRangeChange: (rangeStart: number) => void;
  speed: number;
  volume: number;
  isMuted: boolean;
  /**
   * A streaming camera's code: its minutes play as on-demand HLS streams of one minute (core.md §4, §9 stream
   * archive window) through the streaming call, with hls.js loaded only then, and are not preloaded.
   */
  onDemandCamera?: string | null;
}

/** Whether a list of archives is the given period's (the query keeps the previous period while loading). */
const isOfRange = (archives: readonly ArchiveEntry[] | undefined, rangeStart: number, hours: number) =>
  !!archives?.length &&
  Date.parse(archives[0]!.start_time) === rangeStart &&
  archives.length === Math.round(hours * 60);

export function useArchivePlayback({
  archives,
  rangeStart,
  rangeHours,
  onRangeChange,
  speed,
  volume,
  isMuted,
  onDemandCamera = null,
}: Options) {
  const videoA = useRef<HTMLVideoElement>(null);
  const videoB = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState<Slot>(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<PlaybackStatus>('idle');
  const [isPlaying, setIsPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  /** The edge of the period a frame step reached (no recorded frame further that way); null otherwise. */
  const [frameEdge, setFrameEdge] = useState<'start' | 'end' | null>(null);
  const selectedRef = useRef<string | null>(null);
  /** Gaps between the media times of frames seen while playing, to measure the frame length. */
  const frameGaps = useRef<number[]>([]);

  const activeRef = useRef<Slot>(0);
  const archivesRef = useRef(archives);
  const preloaded = useRef<{ slot: Slot; startTime: string } | null>(null);
  const loadToken = useRef(0);
  /** A minute to play once its period's archives arrive; null minute = the period's first recorded one. */
  const pending = useRef<{ range: number; minuteMs: number | null; waitForData?: boolean } | null>(null);
  /**
   * A seek made while the chosen minute's address is still being asked for: the element still holds the
   * previous minute then, so the position is kept here and set once the new source is in place (a seek
   * right after choosing a minute would otherwise move the old clip and be lost).
   */
  const seekOnLoad = useRef<WantedPosition | null>(null);
  /** The load (its token) whose source is still being asked for; null when the element holds the chosen one. */
  const loadingSource = useRef<number | null>(null);
  const isCurrentRange = isOfRange(archives, rangeStart, rangeHours);

  const video = useCallback((slot: Slot) => (slot === 0 ? videoA : videoB).current, []);

  /** The chosen minute's source is in place: a seek made meanwhile moves it (once it knows its length). */
  const applySeekOnLoad = useCallback((element: HTMLVideoElement, token: number) => {
    if (loadingSource.current === token) loadingSource.current = null;
    const wanted = seekOnLoad.current;
    seekOnLoad.current = null;
    if (wanted?.token !== token) return;
    seekWhenKnown(element, wanted, () => token === loadToken.current);
  }, []);
  const hls = useRef<{ destroy: () => void } | null>(null);
  useEffect(() => () => hls.current?.destroy(), []);

  /** Plays one minute of a streaming camera as an on-demand HLS stream; 'noData' when refused. */
  const loadOnDemand = useCallback(
    async (element: HTMLVideoElement, code: string, entry: ArchiveEntry, token: number) => {
      const startMs = Date.parse(entry.start_time);
      const answer = await startStreaming(code, {
        mode: 'on_demand',
        start_datetime: toOffsetIso(startMs),
        end_datetime: toOffsetIso(startMs + STREAM_ARCHIVE_WINDOW_MIN * 60_000),
        expires: STREAMING_EXPIRES_ARCHIVE_SEC,
      });
      if (token !== loadToken.current) return 'stale' as const;
      if (!answer.ok) return 'noData' as const;
      const { default: Hls } = await import('hls.js');
      if (token !== loadToken.current) return 'stale' as const;
      hls.current?.destroy();
      hls.current = null;
      if (Hls.isSupported()) {
        const player = new Hls();
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal && token === loadToken.current) setStatus('error');
        });
        player.loadSource(answer.url);
        player.attachMedia(element);
        hls.current = player;
      } else {
        element.src = answer.url; // Safari plays HLS itself
      }
      return 'ok' as const;
    },
    [],
  );

  useEffect(() => {
    if (isCurrentRange) archivesRef.current = archives;
  }, [archives, isCurrentRange]);

  // Speed and volume hold for both elements; a new source resets the rate to its default, so set both.
  useEffect(() => {
    for (const slot of [0, 1] as const) {
      const element = video(slot);
      if (!element) continue;
      element.defaultPlaybackRate = speed;
      element.playbackRate = speed;
      element.volume = volume;
      element.muted = isMuted;
    }
  }, [speed, volume, isMuted, video, active]);

  const play = useCallback((element: HTMLVideoElement | null) => {
    element?.play().catch(() => setIsPlaying(false)); // refused autoplay or a new source: stays paused
  }, []);

  const preloadAfter = useCallback(
    async (index: number, playingSlot: Slot, token: number) => {
      const list = archivesRef.current ?? [];
      const next = nextMinuteWithData(list, index);
      const entry = next === null ? undefined : list[next];
      if (!entry?.archive_id || onDemandCamera) return;
      try {
        const url = await getArchiveVideoUrl(entry.archive_id);
        const hidden = video(playingSlot === 0 ? 1 : 0);
        if (token !== loadToken.current || !hidden) return;
        hidden.src = url;
        hidden.load();
        preloaded.current = { slot: playingSlot === 0 ? 1 : 0, startTime: entry.start_time };
      } catch {
        // the next minute will be asked again when it is due
      }
    },
    [video, onDemandCamera],
  );

  const select = useCallback(
    async (entry: ArchiveEntry, autoplay = true) => {
      const token = ++loadToken.current;
      pending.current = null; // a minute chosen now replaces one waited for
      seekOnLoad.current = null;
      loadingSource.current = null;
      setSelected(entry.start_time);
      selectedRef.current = entry.start_time;
      setFrameEdge(null);
      setCurrentTime(0);
      const index = (archivesRef.current ?? []).findIndex((a) => a.start_time === entry.start_time);
      const ready = preloaded.current?.startTime === entry.start_time ? preloaded.current : null;
      preloaded.current = null;
      const current = video(activeRef.current);
      if (!entry.has_data || !entry.archive_id) {
        current?.pause();
        setStatus('noData');
        return;
      }
      if (ready) {
        // The next minute is already loaded in the hidden element: show it and let the other one go.
        const previous = current;
        activeRef.current = ready.slot;
        setActive(ready.slot);
        const shown = video(ready.slot);
        if (shown) shown.currentTime = 0;
        setStatus('ready');
        if (autoplay) play(shown);
        previous?.pause();
      } else {
        setStatus('loading');
        loadingSource.current = token;
        try {
          if (onDemandCamera && current) {
            const outcome = await loadOnDemand(current, onDemandCamera, entry, token);
            if (outcome === 'stale') return;
            if (outcome === 'noData') {
              loadingSource.current = null;
              setStatus('noData');
              return;
            }
            applySeekOnLoad(current, token);
            if (autoplay) play(current);
          } else {
            const url = await getArchiveVideoUrl(entry.archive_id);
            if (token !== loadToken.current || !current) return;
            hls.current?.destroy(); // a camera switched from streaming leaves no stream attached
            hls.current = null;
            current.src = url;
            applySeekOnLoad(current, token);
            if (autoplay) play(current);
          }
        } catch {
          if (token === loadToken.current) {
            loadingSource.current = null;
            setStatus('error');
          }
          return;
        }
      }
      void preloadAfter(index, activeRef.current, token);
    },
    [play, preloadAfter, video, onDemandCamera, loadOnDemand, applySeekOnLoad],
  );

  /** A clip ended: the next minute with data, or the next period when this one has no more. */
  const advance = useCallback(() => {
    const list = archivesRef.current ?? [];
    const index = list.findIndex((a) => a.start_time === selected);
    const next = index < 0 ? null : nextMinuteWithData(list, index);
    if (next !== null) {
      void select(list[next]!);
      return;
    }
    // The next minute is not uploaded yet (the hour of the first future archive is asked again): play it
    // once it arrives.
    const nextMinuteMs = index < 0 ? null : Date.parse(list[index]!.start_time) + 60_000;
    if (nextMinuteMs !== null && index < list.length - 1) {
      pending.current = { range: rangeStart, minuteMs: nextMinuteMs, waitForData: true };
      return;
    }
    const following = nextPeriodStart(rangeStart, rangeHours);
    if (following <= Date.now()) {
      pending.current = { range: following, minuteMs: null };
      onRangeChange(following);
    }
  }, [rangeStart, rangeHours, onRangeChange, select, selected]);

  // A minute asked for in another period (next period, skip to latest, the date query) plays once loaded.
  useEffect(() => {
    const target = pending.current;
    if (!isCurrentRange || !archives || target?.range !== rangeStart) return;
    const index =
      target.minuteMs === null
        ? firstMinuteWithData(archives)
        : archives.findIndex((a) => Date.parse(a.start_time) === target.minuteMs);
    if (index === null || index < 0) return;
    if (target.waitForData && !archives[index]!.has_data) {
      // Still on its way; a later minute that has arrived meanwhile plays instead.
      const later = nextMinuteWithData(archives, index);
      if (later === null) return;
      pending.current = null;
      void select(archives[later]!);
      return;
    }
    pending.current = null;
    void select(archives[index]!);
  }, [archives, rangeStart, isCurrentRange, select]);

  /** Plays the minute starting at `minuteMs` (or the first recorded one) of the period at `range`, once loaded. */
  const selectLater = useCallback(
    (range: number, minuteMs: number | null) => {
      const list = archivesRef.current;
      if (range === rangeStart && isOfRange(list, rangeStart, rangeHours) && list) {
        const index =
          minuteMs === null
            ? firstMinuteWithData(list)
            : list.findIndex((a) => Date.parse(a.start_time) === minuteMs);
        if (index !== null && index >= 0) void select(list[index]!);
        return;
      }
      pending.current = { range, minuteMs };
      if (range !== rangeStart) onRangeChange(range);
    },
    [rangeStart, rangeHours, onRangeChange, select],
  );

  const handlers = (slot: Slot) => ({
    onPlay: () => {
      if (slot !== activeRef.current) return;
      setIsPlaying(true);
      setFrameEdge(null);
    },
    onPause: () => slot === activeRef.current && setIsPlaying(false),
    onTimeUpdate: (e: { currentTarget: HTMLVideoElement }) =>
      slot === activeRef.current && setCurrentTime(e.currentTarget.currentTime),
    onLoadedData: () => slot === activeRef.current && setStatus('ready'),
    onEnded: () => slot === activeRef.current && advance(),
    onError: () => {
      if (slot === activeRef.current) setStatus('error');
      else preloaded.current = null;
    },
  });

  const togglePlay = useCallback(() => {
    const element = video(activeRef.current);
    if (!element || !element.src) return;
    if (element.paused) play(element);
    else element.pause();
  }, [play, video]);

  const seek = useCallback(
    (seconds: number) => {
      const element = video(activeRef.current);
      if (loadingSource.current !== null && loadingSource.current === loadToken.current)
        seekOnLoad.current = { token: loadToken.current, seconds };
      else if (element && element.src) element.currentTime = seconds;
      setCurrentTime(seconds);
    },
    [video],
  );

  // While playing, the media time of each frame shown: the shortest gap is the clip's frame length.
  useEffect(() => {
    const element = video(active);
    if (!isPlaying || !element || typeof element.requestVideoFrameCallback !== 'function') return;
    let last: number | null = null;
    let handle = 0;
    const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
      if (last !== null) {
        const gaps = frameGaps.current;
        gaps.push(frame.mediaTime - last);
        if (gaps.length > FRAME_SAMPLES) gaps.shift();
      }
      last = frame.mediaTime;
      handle = element.requestVideoFrameCallback(onFrame);
    };
    handle = element.requestVideoFrameCallback(onFrame);
    return () => element.cancelVideoFrameCallback(handle);
  }, [isPlaying, active, video]);

  /**
   * One frame forward (1) or back (-1) while paused: within the clip, else into the neighbouring recorded minute
   * of the period (paused, at its first or last frame), else the period's edge shows (frameEdge). `cameraFps`:
   * the frame rate to assume until one has been measured. False when it cannot step now (playing, loading).
   */
  const stepFrame = useCallback(
    (direction: 1 | -1, cameraFps: number): boolean => {
      const element = video(activeRef.current);
      if (!element || !element.src || !element.paused || loadingSource.current !== null) return false;
      const list = archivesRef.current ?? [];
      const index = list.findIndex((a) => a.start_time === selectedRef.current);
      const previous = index < 0 ? null : previousMinuteWithData(list, index);
      const next = index < 0 ? null : nextMinuteWithData(list, index);
      const step = frameStep({
        currentTime: element.currentTime,
        duration: element.duration,
        frameSec: frameSeconds(frameSecondsFromSamples(frameGaps.current), cameraFps),
        direction,
        hasPrevious: previous !== null,
        hasNext: next !== null,
      });
      if (step.kind === 'edge') {
        setFrameEdge(step.edge);
        return true;
      }
      setFrameEdge(null);
      if (step.kind === 'seek') {
        element.currentTime = step.seconds;
        setCurrentTime(step.seconds);
        return true;
      }
      const entry = list[(step.direction === 1 ? next : previous)!]!;
      void select(entry, false);
      const token = loadToken.current;
      const wanted = { token, seconds: step.seconds, fromEnd: step.direction === -1 };
      // Its address is still being asked for: the position waits for the source; else it is in place.
      if (loadingSource.current === token) seekOnLoad.current = wanted;
      else {
        const shown = video(activeRef.current);
        if (shown) seekWhenKnown(shown, wanted, () => token === loadToken.current);
      }
      return true;
    },
    [select, video],
  );

  /** Stops playback (live switched on, camera changed). */
  const stop = useCallback(() => {
    loadToken.current++;
    for (const slot of [0, 1] as const) video(slot)?.pause();
  }, [video]);

  return {
    videoA,
    videoB,
    active,
    selected,
    status,
    isPlaying,
    currentTime,
    frameEdge,
    stepFrame,
    select,
    selectLater,
    togglePlay,
    seek,
    stop,
    handlers,
  };
}
export type ArchivePlayback = ReturnType<typeof useArchivePlayback>;
