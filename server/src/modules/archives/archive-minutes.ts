// The minutes an archive list covers (core.md §7: every minute of [start_date, start_date + period)),
// and how their start_time is written: in the UTC offset the client used in start_date ("Z" stays "Z"),
// so a client in Tokyo sending +09:00 reads its own wall-clock minutes back.

const MINUTE_MS = 60_000;

/** The UTC offset written at the end of an ISO date-time, normalised to `Z` or `±HH:MM`. */
export function offsetOf(dateTime: string): string {
  const match = /(?:([+-])(\d{2}):?(\d{2})?|[Zz])$/.exec(dateTime);
  if (!match || !match[1]) return 'Z';
  const [, sign, hours, minutes = '00'] = match;
  return `${sign}${hours}:${minutes}`;
}

const offsetMs = (offset: string): number => {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * MINUTE_MS;
};

/** The moment `ms` written as `YYYY-MM-DDTHH:mm:ss` in the offset, followed by the offset. */
export function formatInOffset(ms: number, offset: string): string {
  return `${new Date(ms + offsetMs(offset)).toISOString().slice(0, 19)}${offset}`;
}

export interface ArchiveMinutes {
  /** First minute (start_date rounded down to its minute), ms since the epoch. */
  fromMs: number;
  /** End of the period, exclusive. */
  toMs: number;
  minutes: { ms: number; startTime: string }[];
}

export function archiveMinutes(startDate: string, periodHours: number): ArchiveMinutes {
  const fromMs = Math.floor(Date.parse(startDate) / MINUTE_MS) * MINUTE_MS;
  const count = Math.round(periodHours * 60);
  const offset = offsetOf(startDate);
  const minutes = Array.from({ length: count }, (_, i) => {
    const ms = fromMs + i * MINUTE_MS;
    return { ms, startTime: formatInOffset(ms, offset) };
  });
  return { fromMs, toMs: fromMs + count * MINUTE_MS, minutes };
}

export interface MinutePiece {
  id: number;
  start_time: Date;
  offset_ms: number;
  duration_ms: number;
  motion_state: boolean | null;
  motion_events: { startSec: number; endSec: number }[];
  /** Null until the entry job has looked at the piece. */
  enter_alert_events: { startSec: number; endSec: number }[] | null;
}

/**
 * The recorded pieces grouped by minute (ms of the minute's start): the longest piece is the one the
 * minute plays; motion and entry alerts are what any piece saw, their spans merged in time order.
 */
export function minutePieces(pieces: readonly MinutePiece[]) {
  const byMinute = new Map<
    number,
    {
      main: MinutePiece;
      motionState: boolean;
      motionDetect: MinutePiece['motion_events'];
      enterAlert: MinutePiece['motion_events'];
    }
  >();
  const byStart = (a: { startSec: number }, b: { startSec: number }) => a.startSec - b.startSec;
  for (const piece of pieces) {
    const key = piece.start_time.getTime();
    const seen = byMinute.get(key);
    if (!seen) {
      byMinute.set(key, {
        main: piece,
        motionState: piece.motion_state === true,
        motionDetect: [...piece.motion_events],
        enterAlert: [...(piece.enter_alert_events ?? [])],
      });
      continue;
    }
    if (piece.duration_ms > seen.main.duration_ms) seen.main = piece;
    seen.motionState ||= piece.motion_state === true;
    seen.motionDetect = [...seen.motionDetect, ...piece.motion_events].sort(byStart);
    seen.enterAlert = [...seen.enterAlert, ...(piece.enter_alert_events ?? [])].sort(byStart);
  }
  return byMinute;
}
