// The wall's synced playback in archive mode (issue 22; core.md §4, §9): one WallClock in wall time, and a
// loop every 100 ms that keeps every tile's <video> on it (sync-rules.ts: nudge the rate, or seek ahead by
// the tile's seek time) and reports where the clock stands in each tile's clip, so a tile without the
// moment says so and joins when the clock reaches one it has. The videos are found in the wall's element by
// their data attributes (camera, minute, clip start), so a tile's preloaded next-minute video is driven too:
// it waits paused at its start and, when the clock enters its minute, plays on without a reload.
// The wall starts paused and plays by itself once a minute has loaded (the auto-play counter, at most 60),
// goes on into the next minute while it has data, and stops to load one that is not known to have any
// (where the no-data retries run). A seek while playing holds the clock until the tiles have sought.
import { useCallback, useEffect, useRef, useState } from 'react';
import { canAutoplay, nextWallMinute } from '../wall-rules.ts';
import {
  WallClock,
  clipLength,
  clipPlace,
  clipTimeAt,
  minuteChange,
  minuteOf,
  nextSeekTime,
  tileSyncAction,
  PAUSED_DRIFT_SEC,
  type ClipPlace,
} from '../sync-rules.ts';
import type { WallArchive } from './use-wall-archive.ts';

/** How often the loop corrects the tiles. */
const TICK_MS = 100;
/** How long the wall waits for a newly loaded minute's videos before it plays anyway (a slow tile must not hold all). */
const LOAD_WAIT_MS = 4_000;
/** How long a seek while playing waits for the tiles before the clock runs on anyway. */
const SEEK_WAIT_MS = 2_000;
/** The last moment of the minute the seek bar reaches (its 60 would be the next minute). */
const LAST_SEEK_SEC = 59.9;

type Gate = { kind: 'load' | 'seek'; since: number } | null;

declare global {
  interface Window {
    /** The synced wall's counts, for the e2e: seeks and rate nudges the loop made, ticks run. */
    __wallSyncStats?: { ticks: number; seeks: number; nudges: number };
  }
}

export interface WallSync {
  /** Put on the element that holds the tiles. */
  rootRef: React.RefObject<HTMLDivElement | null>;
  /** The clock's moment as last shown (ms, updated a few times a second). */
  clockMs: number;
  isPlaying: boolean;
  speed: number;
  /** Where the clock stands in each tile's clip, by camera code. */
  places: Readonly<Record<string, ClipPlace>>;
  togglePlay: () => void;
  /** Seek to a second of the minute. */
  seek: (seconds: number) => void;
  setSpeed: (speed: number) => void;
  /** Load a chosen minute (the time picker). */
  goToMinute: (ms: number) => void;
}

interface Options {
  enabled: boolean;
  minuteMs: number;
  /** The wall moves on to another minute (it then asks for that minute's and the next one's archives). */
  onMinute: (ms: number) => void;
  archive: WallArchive;
}

export function useWallSync({ enabled, minuteMs, onMinute, archive }: Options): WallSync {
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [clock] = useState(() => new WallClock(minuteMs));
  const [isPlaying, setPlaying] = useState(false);
  const [clockMs, setClockMs] = useState(minuteMs);
  const [speed, setSpeedState] = useState(1);
  const [places, setPlaces] = useState<Record<string, ClipPlace>>({});
  /** Plays the wall started by itself; a press on play sets it back to 0 (core.md §4). */
  const autoPlays = useRef(0);
  const gate = useRef<Gate>({ kind: 'load', since: Date.now() });
  /** Whether a person wants it playing (the clock may still wait for a seek). */
  const wantsPlay = useRef(false);
  const minuteRef = useRef(minuteMs);
  const archiveRef = useRef(archive);
  const onMinuteRef = useRef(onMinute);
  const placesRef = useRef<Record<string, ClipPlace>>({});
  const shownRef = useRef(minuteMs);
  const seekTimes = useRef(new WeakMap<HTMLVideoElement, number>());
  const tickRef = useRef<() => void>(() => {});
  useEffect(() => {
    archiveRef.current = archive;
    onMinuteRef.current = onMinute;
  });

  useEffect(() => {
    if (!enabled) {
      clock.pause();
      wantsPlay.current = false;
      setPlaying(false);
      for (const video of rootRef.current?.querySelectorAll('video') ?? []) video.pause();
      return;
    }
    const stats = (window.__wallSyncStats ??= { ticks: 0, seeks: 0, nudges: 0 });
    gate.current = { kind: 'load', since: Date.now() };

    const moveTo = (minute: number) => {
      minuteRef.current = minute;
      onMinuteRef.current(minute);
    };

    const tick = () => {
      stats.ticks++;
      const now = Date.now();
      const state = archiveRef.current;
      const isStateOfMinute = state.minuteMs === minuteRef.current;
      let position = clock.position();

      // The clock entered another minute: play on into it, or stop at its start and load it.
      const clockMinute = minuteOf(position);
      if (clock.isRunning && clockMinute !== minuteRef.current) {
        const isNext = clockMinute === nextWallMinute(minuteRef.current).minuteMs;
        const change =
          isNext && isStateOfMinute
            ? minuteChange(state.next.isSettled, state.next.hasAnyData, canAutoplay(autoPlays.current))
            : 'stopAndLoad';
        if (change === 'playOn') autoPlays.current++;
        else {
          clock.pause();
          clock.seek(clockMinute);
          position = clockMinute;
          wantsPlay.current = false;
          setPlaying(false);
          gate.current = { kind: 'load', since: now };
        }
        moveTo(clockMinute);
      }

      const root = rootRef.current;
      const videos = root ? [...root.querySelectorAll<HTMLVideoElement>('video[data-minute]')] : [];
      const active = videos.filter((video) => Number(video.dataset.minute) === minuteRef.current);

      // Waiting for a loaded minute's videos, or for the tiles to finish a seek made while playing: each
      // must stand at the clock's moment (or wait outside its clip), sought and able to play.
      const waiting = gate.current;
      if (waiting) {
        const isReady = active.every((video) => {
          if (video.error !== null) return true;
          if (video.seeking || video.readyState < 3) return false;
          const clipTime = clipTimeAt(position, Number(video.dataset.clipStart));
          const length = clipLength(video.duration, Number(video.dataset.offset) || 0);
          return (
            clipPlace(clipTime, length) !== 'inside' ||
            Math.abs(Math.min(clipTime, length) - video.currentTime) <= PAUSED_DRIFT_SEC
          );
        });
        const waited = now - waiting.since;
        if (waiting.kind === 'seek') {
          if (isReady || waited > SEEK_WAIT_MS) {
            gate.current = null;
            if (wantsPlay.current) clock.play();
          }
        } else if (isStateOfMinute && state.isSettled && state.hasAnyData) {
          const expected = state.entries.filter((entry) => entry?.has_data).length;
          if ((active.length >= expected && isReady) || waited > LOAD_WAIT_MS) {
            gate.current = null;
            if (canAutoplay(autoPlays.current)) {
              autoPlays.current++;
              wantsPlay.current = true;
              clock.play();
              setPlaying(true);
            }
          }
        }
      }

      // Every tile's video onto the clock; the next minute's wait paused at their start.
      const isRunning = clock.isRunning;
      const speed = clock.speed;
      const nextPlaces: Record<string, ClipPlace> = {};
      for (const video of videos) {
        if (Number(video.dataset.minute) !== minuteRef.current) {
          if (!video.paused) video.pause();
          const isAhead = Number(video.dataset.minute) > minuteRef.current;
          if (isAhead && video.readyState >= 1 && !video.seeking && video.currentTime > PAUSED_DRIFT_SEC)
            video.currentTime = 0;
          continue;
        }
        const clipTime = clipTimeAt(position, Number(video.dataset.clipStart));
        const length = clipLength(video.duration, Number(video.dataset.offset) || 0);
        const code = video.dataset.camera ?? '';
        nextPlaces[code] = clipPlace(clipTime, length);
        if (video.readyState < 1 || video.error || video.seeking) continue;
        const action = tileSyncAction({
          clipTimeSec: clipTime,
          videoTimeSec: video.currentTime,
          lengthSec: length,
          isClockRunning: isRunning,
          speed,
          seekTimeSec: seekTimes.current.get(video) ?? 0,
        });
        if (Math.abs(video.playbackRate - action.rate) > 1e-3) {
          if (action.rate !== speed) stats.nudges++;
          video.playbackRate = action.rate;
        }
        if (action.seekTo !== null) {
          stats.seeks++;
          if (isRunning) {
            const started = performance.now();
            video.addEventListener(
              'seeked',
              () => {
                const measured = (performance.now() - started) / 1000;
                seekTimes.current.set(video, nextSeekTime(seekTimes.current.get(video) ?? 0, measured));
              },
              { once: true },
            );
          }
          video.currentTime = action.seekTo;
        }
        // (play() on an ended video would start it over: only after a seek back.)
        if (action.play && video.paused && (!video.ended || action.seekTo !== null))
          video.play().catch(() => {});
        else if (!action.play && !video.paused) video.pause();
      }

      const previous = placesRef.current;
      const keys = Object.keys(nextPlaces);
      if (
        keys.length !== Object.keys(previous).length ||
        keys.some((key) => previous[key] !== nextPlaces[key])
      ) {
        placesRef.current = nextPlaces;
        setPlaces(nextPlaces);
      }
      if (Math.abs(position - shownRef.current) >= 250 || (!isRunning && position !== shownRef.current)) {
        shownRef.current = position;
        setClockMs(position);
      }
    };
    tickRef.current = tick;
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearInterval(timer);
      tickRef.current = () => {};
    };
  }, [enabled, clock]);

  const togglePlay = useCallback(() => {
    if (wantsPlay.current) {
      wantsPlay.current = false;
      if (gate.current?.kind === 'seek') gate.current = null;
      clock.pause();
      setPlaying(false);
    } else {
      autoPlays.current = 0; // a person is watching
      gate.current = null;
      wantsPlay.current = true;
      clock.play();
      setPlaying(true);
    }
    tickRef.current();
  }, [clock]);

  const seek = useCallback(
    (seconds: number) => {
      const ms = minuteRef.current + Math.max(0, Math.min(seconds, LAST_SEEK_SEC)) * 1000;
      if (wantsPlay.current) {
        // Hold the clock until the tiles are there, so they start from the moment together.
        clock.pause();
        gate.current = { kind: 'seek', since: Date.now() };
      }
      clock.seek(ms);
      tickRef.current();
    },
    [clock],
  );

  const setSpeed = useCallback(
    (next: number) => {
      clock.setSpeed(next);
      setSpeedState(next);
      tickRef.current();
    },
    [clock],
  );

  const goToMinute = useCallback(
    (ms: number) => {
      clock.pause();
      clock.seek(ms);
      wantsPlay.current = false;
      setPlaying(false);
      minuteRef.current = ms;
      onMinuteRef.current(ms);
      gate.current = { kind: 'load', since: Date.now() };
      tickRef.current();
    },
    [clock],
  );

  return { rootRef, clockMs, isPlaying, speed, places, togglePlay, seek, setSpeed, goToMinute };
}
