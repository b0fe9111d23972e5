// Archive playback with two <video> elements (core.md §4, §9): the selected minute plays in the visible one
// while the next minute with data loads in the hidden one; at a clip's end they swap, so minutes follow each
// other without a gap. After the hour's last recorded minute it moves to the next hour (not into the future).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { getArchiveVideoUrl } from '../api/get-archive-video-url.ts';
import { firstMinuteWithData, nextHourStart, nextMinuteWithData } from '../player-rules.ts';

export type PlaybackStatus = 'idle' | 'loading' | 'ready' | 'noData' | 'error';
type Slot = 0 | 1;

interface Options {
  archives: readonly ArchiveEntry[] | undefined;
  hourStart: number;
  onHourChange: (hourStart: number) => void;
  speed: number;
  volume: number;
  isMuted: boolean;
}

/** Whether a list of archives belongs to the given hour (the query keeps the previous hour while loading). */
const isOfHour = (archives: readonly ArchiveEntry[] | undefined, hourStart: number) =>
  !!archives?.length && Date.parse(archives[0]!.start_time) === hourStart;

export function useArchivePlayback({ archives, hourStart, onHourChange, speed, volume, isMuted }: Options) {
  const videoA = useRef<HTMLVideoElement>(null);
  const videoB = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState<Slot>(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<PlaybackStatus>('idle');
  const [isPlaying, setIsPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);

  const activeRef = useRef<Slot>(0);
  const archivesRef = useRef(archives);
  const preloaded = useRef<{ slot: Slot; startTime: string } | null>(null);
  const loadToken = useRef(0);
  /** A minute to play once its hour's archives arrive; null minute = the hour's first recorded one. */
  const pending = useRef<{ hour: number; minuteMs: number | null } | null>(null);
  const isCurrentHour = isOfHour(archives, hourStart);

  const video = useCallback((slot: Slot) => (slot === 0 ? videoA : videoB).current, []);

  useEffect(() => {
    if (isCurrentHour) archivesRef.current = archives;
  }, [archives, isCurrentHour]);

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
      if (!entry?.archive_id) return;
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
    [video],
  );

  const select = useCallback(
    async (entry: ArchiveEntry, autoplay = true) => {
      const token = ++loadToken.current;
      setSelected(entry.start_time);
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
        try {
          const url = await getArchiveVideoUrl(entry.archive_id);
          if (token !== loadToken.current || !current) return;
          current.src = url;
          if (autoplay) play(current);
        } catch {
          if (token === loadToken.current) setStatus('error');
          return;
        }
      }
      void preloadAfter(index, activeRef.current, token);
    },
    [play, preloadAfter, video],
  );

  /** A clip ended: the next minute with data, or the next hour when this one has no more. */
  const advance = useCallback(() => {
    const list = archivesRef.current ?? [];
    const index = list.findIndex((a) => a.start_time === selected);
    const next = index < 0 ? null : nextMinuteWithData(list, index);
    if (next !== null) {
      void select(list[next]!);
      return;
    }
    const following = nextHourStart(hourStart);
    if (following <= Date.now()) {
      pending.current = { hour: following, minuteMs: null };
      onHourChange(following);
    }
  }, [hourStart, onHourChange, select, selected]);

  // A minute asked for in another hour (next hour, skip to latest, the date query) plays once it has loaded.
  useEffect(() => {
    const target = pending.current;
    if (!isCurrentHour || !archives || target?.hour !== hourStart) return;
    pending.current = null;
    const index =
      target.minuteMs === null
        ? firstMinuteWithData(archives)
        : archives.findIndex((a) => Date.parse(a.start_time) === target.minuteMs);
    if (index !== null && index >= 0) void select(archives[index]!);
  }, [archives, hourStart, isCurrentHour, select]);

  /** Plays the minute starting at `minuteMs` (or the first recorded one) of the hour `hour`, once loaded. */
  const selectLater = useCallback(
    (hour: number, minuteMs: number | null) => {
      const list = archivesRef.current;
      if (hour === hourStart && isOfHour(list, hourStart) && list) {
        const index =
          minuteMs === null
            ? firstMinuteWithData(list)
            : list.findIndex((a) => Date.parse(a.start_time) === minuteMs);
        if (index !== null && index >= 0) void select(list[index]!);
        return;
      }
      pending.current = { hour, minuteMs };
      if (hour !== hourStart) onHourChange(hour);
    },
    [hourStart, onHourChange, select],
  );

  const handlers = (slot: Slot) => ({
    onPlay: () => slot === activeRef.current && setIsPlaying(true),
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
      if (element && element.src) element.currentTime = seconds;
      setCurrentTime(seconds);
    },
    [video],
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
    select,
    selectLater,
    togglePlay,
    seek,
    stop,
    handlers,
  };
}
export type ArchivePlayback = ReturnType<typeof useArchivePlayback>;
