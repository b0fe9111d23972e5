// Plays a moment chosen on the continuous timeline (issue 22) through the detail page's archive player: the
// minute grid moves to the moment's hour (its period loads), the minute plays — the next recorded one when
// that minute has none — from the second chosen. A moment in the playing minute only moves the position.
import { useCallback, useEffect, useRef } from 'react';
import type { HideCamera } from '@camwatch/contract/archive-rules';
import type { DetailPlayer } from './use-detail-player.ts';
import { hourStartOf, nextMinuteWithData, periodStartOf, playableArchives } from '../player-rules.ts';

const MINUTE_MS = 60_000;

export function useTimelineScrub(player: DetailPlayer, camera: HideCamera) {
  /** A moment waiting for its period's minutes to load. */
  const pending = useRef<number | null>(null);
  /** The position (s) to set once the chosen minute is the selected one. */
  const seekAfter = useRef<{ startTime: string; seconds: number } | null>(null);
  const { archives, periodHours, changeHour, selectMinute, playback } = player;

  const playNow = useCallback(
    (ms: number): boolean => {
      const periodStart = periodStartOf(ms, periodHours);
      const list = archives.data;
      if (!list?.length || Date.parse(list[0]!.start_time) !== periodStart) return false;
      const playable = playableArchives(list, camera);
      const minuteMs = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
      let index = playable.findIndex((a) => Date.parse(a.start_time) === minuteMs);
      if (index < 0) return true; // outside the loaded list: nothing to play
      let seconds = (ms - minuteMs) / 1000;
      if (!playable[index]!.has_data) {
        const next = nextMinuteWithData(playable, index);
        if (next !== null) [index, seconds] = [next, 0];
      }
      const entry = playable[index]!;
      const position = Math.max(0, seconds - entry.clip_offset_sec);
      if (entry.start_time === playback.selected && playback.status === 'ready') {
        playback.seek(position);
        return true;
      }
      seekAfter.current = { startTime: entry.start_time, seconds: position };
      selectMinute(entry);
      return true;
    },
    [archives.data, periodHours, camera, playback, selectMinute],
  );

  const playAt = useCallback(
    (ms: number) => {
      if (playNow(ms)) return;
      pending.current = ms;
      changeHour(hourStartOf(ms));
    },
    [playNow, changeHour],
  );

  // The moment's period has loaded.
  useEffect(() => {
    const ms = pending.current;
    if (ms !== null && playNow(ms)) pending.current = null;
  }, [playNow]);

  // The chosen minute is selected (its source may still be loading: the player keeps the position until it is).
  useEffect(() => {
    const wanted = seekAfter.current;
    if (!wanted || playback.selected !== wanted.startTime) return;
    seekAfter.current = null;
    if (wanted.seconds > 0) playback.seek(wanted.seconds);
  }, [playback.selected, playback]);

  return playAt;
}
