// The people counter fed by the vision engine (advanced.md: people counter): for each analysed clip of a camera
// with the people counter and a saved setting, the people's tracks are counted through the entrance (start area
// → end area is in, the reverse out; vision/counting.ts), only inside the setting's analysis periods (the day's
// periods, or the holiday list on a Japanese public holiday) and only where the difference area allows (feet
// outside it are not looked at). Each pass's person is matched against the camera's gallery of appearances
// (people-identity.service.ts) to tell staff from customers. The clip's passes replace any earlier run's in one
// transaction, so a clip analysed again never counts twice. What each person was last seen in (start or end
// area) is handed on to the camera's next clip, so a pass over a minute's end counts once.
import holidayJp from '@holiday-jp/holiday_jp';
import type { AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import type { Db } from '../../db/database.ts';
import { appearanceDistance } from '../../vision/appearance.ts';
import { countPasses, feetOf, pointInPolygon, type CountingState } from '../../vision/counting.ts';
import type { Track } from '../../vision/types.ts';
import { PASS_MIN_POINTS_IN_AREA } from '../../vision/vision-settings.ts';
import type { AnalysedClip, TracksConsumer } from '../vision/vision.service.ts';
import { findPeopleCounterSetting } from './people-counter-setting.repository.ts';
import { replacePassesOfClip } from './people-count.repository.ts';
import { DEFAULT_STAFF_TIME_ZONE, PeopleIdentityService } from './people-identity.service.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The local date (YYYY-MM-DD), weekday and minute of the day of a moment in a time zone. */
export function localMoment(at: Date, timeZone: string): { date: string; weekday: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a moment falls inside the analysis periods: the holiday list on a Japanese holiday, else the weekday's. */
export function isInAnalysisPeriods(periods: AnalysisPeriods, at: Date, timeZone: string): boolean {
  const local = localMoment(at, timeZone);
  const day = holidayJp.isHoliday(local.date) ? 'holiday' : WEEKDAYS[local.weekday];
  if (!day) return false;
  return periods[day].some((period) => period.from <= local.minute && local.minute < period.to);
}

/** The tracks with only the points whose feet stand in the difference area (all of them without one). */
export function withinDifferenceArea(
  tracks: readonly Track[],
  area: readonly { x: number; y: number }[] | null,
) {
  if (!area) return [...tracks];
  return tracks
    .map((track) => ({
      ...track,
      points: track.points.filter((point) => pointInPolygon(feetOf(point.box), area)),
    }))
    .filter((track) => track.points.length > 0);
}

const isCountingState = (value: unknown): value is CountingState =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class PeopleCountAnalysis implements TracksConsumer {
  readonly name = 'peopleCounter';
  private readonly identities = new PeopleIdentityService({ distance: appearanceDistance });

  constructor(
    private readonly db: Db,
    private readonly timeZone = DEFAULT_STAFF_TIME_ZONE,
  ) {}

  async consume(clip: AnalysedClip, tracks: Track[], previous: unknown): Promise<CountingState | null> {
    if (!clip.usePeopleCounter) return null;
    const setting = await findPeopleCounterSetting(this.db, clip.cameraId);
    const minuteMs = clip.startTime.getTime();
    const { passes, state } = setting
      ? countPasses(
          withinDifferenceArea(tracks, setting.differenceArea),
          { start: setting.entranceStartArea, end: setting.entranceEndArea },
          {
            prior: isCountingState(previous) ? previous : undefined,
            clipStartMs: minuteMs,
            minPointsInArea: PASS_MIN_POINTS_IN_AREA,
          },
        )
      : { passes: [], state: {} };
    const counted = setting
      ? passes.filter((pass) =>
          isInAnalysisPeriods(
            setting.analysisPeriods,
            new Date(minuteMs + pass.endSec * 1000),
            this.timeZone,
          ),
        )
      : [];
    await this.db.transaction().execute(async (trx) => {
      const judged = setting
        ? await this.identities.assignIdentities(trx, {
            customerId: clip.customerId,
            cameraId: clip.cameraId,
            clipTime: clip.startTime,
            passes: counted.map((pass) => ({ trackId: pass.trackId, descriptor: pass.descriptor })),
            setting: {
              judgmentDays: setting.staffJudgmentDays,
              admissionThreshold: setting.staffAdmissionThreshold,
            },
            timeZone: this.timeZone,
          })
        : [];
      await replacePassesOfClip(trx, {
        customerId: clip.customerId,
        cameraId: clip.cameraId,
        clipId: clip.id,
        minute: clip.startTime,
        // Track times are seconds of the minute already.
        offsetMs: 0,
        passes: counted.map((pass, i) => ({ ...pass, isStaff: judged[i]?.isStaff ?? false })),
      });
    });
    return state;
  }
}
