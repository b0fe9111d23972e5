// The detail page's player state (core.md §2, §4): LIVE on or off (remembered, unless a link to a moment opened
// the page), the chosen hour, display period and event filter, the archives of the period with the future hour
// asked again, the playing minute, speed and sound. `date` in the query follows the chosen hour; the rest of
// the query string is left as it came.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import {
  DEFAULT_ARCHIVE_EVENT_FILTER,
  effectiveEventFilter,
  nextPlaySpeed,
  type ArchiveEventFilter,
} from '@camwatch/contract/archive-rules';
import { isLivePossible, liveSwitchVisible } from '@camwatch/contract/permissions';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useMe } from '../../../lib/current-user.ts';
import { dateTimeInputValue } from '../../../lib/local-time.ts';
import { useArchives, useFutureHour } from '../api/get-archives.ts';
import {
  eventSpans,
  futureHourToRefetch,
  hourStartOf,
  initialVolume,
  latestArchiveStart,
  liveModeOf,
  mergeArchives,
  openingMinute,
  parseDateQuery,
  periodStartOf,
  playableArchives,
  playSpeedsForUserAgent,
  setVolume,
  timelineCells,
  toggleMute,
  type TimelineHours,
  type VolumeState,
} from '../player-rules.ts';
import { useArchivePlayback } from './use-archive-playback.ts';

const NOW_REFRESH_MS = 30_000;
const speeds = playSpeedsForUserAgent(navigator.userAgent);

export function useDetailPlayer(camera: CameraDetail) {
  const perms = useMe().permissions;
  const [search, setSearch] = useSearchParams();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [initialDate] = useState(() => parseDateQuery(search.get('date'), Date.now()));

  const livePossible = isLivePossible(perms, camera);
  const switchVisible = liveSwitchVisible({ isLivePossible: livePossible, perms });
  const [storedLive, setStoredLive] = useBrowserState('liveSwitch');
  // A link to a moment (date query) opens the archive without changing the remembered choice.
  const [liveOverride, setLiveOverride] = useState<boolean | null>(initialDate !== null ? false : null);
  const isLive = livePossible && (switchVisible ? (liveOverride ?? storedLive) : true);
  const hasArchive = perms.archive;
  const liveMode = liveModeOf(camera);

  const [hourStart, setHourStart] = useState(() =>
    hourStartOf(initialDate ?? latestArchiveStart(Date.now())),
  );
  const [speed, setSpeed] = useState<number>(1);
  const [sound, setSound] = useState<VolumeState>(initialVolume);
  const [periodHours, setPeriodHours] = useState<TimelineHours>(1);
  const [eventFilter, setEventFilter] = useState<ArchiveEventFilter>(DEFAULT_ARCHIVE_EVENT_FILTER);

  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const changeHour = useCallback(
    (next: number) => {
      setHourStart(next);
      setSearch(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.set('date', dateTimeInputValue(next));
          return query;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const periodStart = periodStartOf(hourStart, periodHours);
  const archives = useArchives(camera.camera_code, periodStart, periodHours, hasArchive);
  // The hour of the first future archive is asked again and again, so new minutes appear (core.md §4).
  const [futureHour, setFutureHour] = useState<number | null>(null);
  const futureUpdate = useFutureHour(camera.camera_code, hasArchive ? futureHour : null);
  const periodArchives = useMemo(
    () => (archives.data ? mergeArchives(archives.data, futureUpdate.data) : undefined),
    [archives.data, futureUpdate.data],
  );
  useEffect(() => {
    setFutureHour(periodArchives ? futureHourToRefetch(periodArchives, nowMs) : null);
  }, [periodArchives, nowMs]);
  const playable = useMemo(
    () => (periodArchives ? playableArchives(periodArchives, camera) : undefined),
    [periodArchives, camera],
  );
  const cells = useMemo(
    () => (periodArchives ? timelineCells(periodArchives, camera, eventFilter, nowMs) : undefined),
    [periodArchives, camera, eventFilter, nowMs],
  );
  const playback = useArchivePlayback({
    archives: playable,
    rangeStart: periodStart,
    rangeHours: periodHours,
    onRangeChange: changeHour,
    speed,
    volume: sound.volume,
    isMuted: sound.isMuted,
    // Streaming cameras play recorded minutes as on-demand HLS streams too (stream mode on_demand).
    onDemandCamera: liveMode === 'hls' ? camera.camera_code : null,
  });

  // The minute of the date query plays once its hour has loaded; without one, with LIVE off, the latest
  // archive does (not a black picture asking for a time).
  const { selectLater } = playback;
  const askedInitial = useRef(false);
  useEffect(() => {
    if (askedInitial.current) return;
    askedInitial.current = true;
    const minute = openingMinute({ dateQueryMs: initialDate, isLive, hasArchive, nowMs: Date.now() });
    if (minute !== null) selectLater(hourStartOf(minute), minute);
    // Only what the page opened with counts; later LIVE changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setLive = (on: boolean) => {
    setLiveOverride(null);
    setStoredLive(on);
    if (on) playback.stop();
  };
  const leaveLive = () => {
    if (isLive && switchVisible) setLive(false);
  };

  const selectedEntry = periodArchives?.find((a) => a.start_time === playback.selected);

  // A date query to the second (the events page links to an event's moment) plays its minute from that second,
  // once, when that minute is the one chosen; another minute chosen first drops it.
  const openingSecond = useRef(initialDate !== null && initialDate % 60_000 !== 0 ? initialDate : null);
  const { seek } = playback;
  useEffect(() => {
    const at = openingSecond.current;
    if (at === null || !selectedEntry) return;
    openingSecond.current = null;
    const minuteMs = at - (at % 60_000);
    if (Date.parse(selectedEntry.start_time) !== minuteMs) return;
    const position = (at - minuteMs) / 1000 - selectedEntry.clip_offset_sec;
    if (position > 0) seek(position);
  }, [selectedEntry, seek]);
  const selectedMs = selectedEntry ? Date.parse(selectedEntry.start_time) : null;
  // The seek bar covers the minute; a clip that began late in its minute starts further along it.
  const clipOffset = selectedEntry?.clip_offset_sec ?? 0;
  const markers = selectedEntry ? eventSpans(selectedEntry, effectiveEventFilter(eventFilter, camera)) : [];
  // What video info draws over: live, or the playing archive minute once it is ready.
  const infoSource =
    isLive && livePossible
      ? ({ kind: 'live' } as const)
      : selectedEntry && selectedMs !== null && playback.status === 'ready'
        ? ({
            kind: 'archive',
            minuteMs: selectedMs,
            archiveId: selectedEntry.archive_id,
            clipOffsetSec: clipOffset,
          } as const)
        : null;

  return {
    nowMs,
    live: { isPossible: livePossible, isSwitchVisible: switchVisible, isOn: isLive, mode: liveMode, setLive },
    hasArchive,
    hourStart,
    changeHour,
    periodHours,
    setPeriodHours,
    eventFilter,
    setEventFilter,
    archives,
    cells,
    playback,
    selectedMs,
    clipOffset,
    markers,
    infoSource,
    speed,
    nextSpeed: () => setSpeed(nextPlaySpeed(speed, speeds)),
    sound,
    changeVolume: (value: number) => setSound((current) => setVolume(current, value)),
    toggleMute: () => setSound(toggleMute),
    /** Plays an archive minute chosen on the timeline, leaving live. */
    selectMinute: (entry: Parameters<typeof playback.select>[0]) => {
      leaveLive();
      void playback.select(entry);
    },
    /** Plays the latest archive minute, leaving live. */
    skipLatest: () => {
      leaveLive();
      const latest = latestArchiveStart(Date.now());
      playback.selectLater(periodStartOf(latest, periodHours), latest);
    },
  };
}

export type DetailPlayer = ReturnType<typeof useDetailPlayer>;
