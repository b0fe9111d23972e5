// The people counter as an analytic of the vision job (advanced.md §3 "People counter setting"): each analysed
// clip's tracks are counted through the camera's entrance areas (vision/counting.ts), starting from the state the
// camera's previous clip handed on; the passes inside the day's analysis periods are given identities by the staff
// step (people-identity.service.ts) and stored with the clip, replacing an earlier run's, in one transaction. A
// camera without use_people_counter or without a saved setting is not counted.
//
// Days and periods are read on Japan's clock (DEFAULT_STAFF_TIME_ZONE: cameras carry no zone of their own). The
// "holiday" periods of the setting need a holiday calendar the product does not have yet: a holiday is counted with
// the periods of its weekday.
import type { AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import { countPasses, type CountingState, type Pass } from '../../vision/counting.ts';
import type { Track } from '../../vision/types.ts';
import { PASS_MIN_POINTS_IN_AREA } from '../../vision/vision-settings.ts';
import { DEFAULT_STAFF_TIME_ZONE, type PeopleIdentityService } from './people-identity.service.ts';
import type { PeopleCountRepository } from './people-count.repository.ts';

export interface CountedClip {
  id: number;
  cameraId: number;
  customerId: number;
  /** The clip's minute; track point times are seconds of it. */
  startTime: Date;
  usePeopleCounter: boolean;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Whether a moment falls inside its day's analysis periods on the zone's clock. */
export function inAnalysisPeriods(periods: AnalysisPeriods, at: Date, timeZone: string): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS.find((day) => day === part('weekday').toLowerCase().slice(0, 3));
  if (!weekday) return false;
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return periods[weekday].some((period) => minute >= period.from && minute < period.to);
}

/** The state a previous clip handed on, as counting.ts reads it; anything else is no state. */
export function countingStateOf(value: unknown): CountingState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const state: CountingState = {};
  for (const [trackId, entry] of Object.entries(value as Record<string, unknown>)) {
    const { lastArea, lastInMs } = (entry ?? {}) as { lastArea?: unknown; lastInMs?: unknown };
    if (
      (lastArea === 'start' || lastArea === 'end') &&
      typeof lastInMs === 'number' &&
      Number.isFinite(lastInMs)
    )
      state[trackId] = { lastArea, lastInMs };
  }
  return state;
}

export class PeopleCountAnalytic {
  constructor(
    private readonly repo: PeopleCountRepository,
    private readonly identities: Pick<PeopleIdentityService, 'assignIdentities'>,
    private readonly timeZone: string = DEFAULT_STAFF_TIME_ZONE,
  ) {}

  /**
   * Counts one analysed clip and stores its passes; answers the state to hand the camera's next clip (the prior
   * state unchanged when the camera is not counted). `prior` is what the previous clip's count answered.
   */
  async countClip(clip: CountedClip, tracks: readonly Track[], prior: unknown): Promise<CountingState> {
    const priorState = countingStateOf(prior);
    if (!clip.usePeopleCounter) return priorState;
    const setting = await this.repo.setting(clip.cameraId);
    if (!setting) return priorState;
    const { passes, state } = countPasses(
      tracks,
      { start: setting.entranceStartArea, end: setting.entranceEndArea },
      { prior: priorState, clipStartMs: clip.startTime.getTime(), minPointsInArea: PASS_MIN_POINTS_IN_AREA },
    );
    const counted = passes.filter((pass) =>
      inAnalysisPeriods(setting.analysisPeriods, this.completedAt(clip, pass), this.timeZone),
    );
    await this.repo.transaction(async (trx) => {
      const judged = await this.identities.assignIdentities(trx, {
        customerId: clip.customerId,
        cameraId: clip.cameraId,
        clipTime: clip.startTime,
        passes: counted.map((pass) => ({ trackId: pass.trackId, descriptor: pass.descriptor })),
        setting: {
          judgmentDays: setting.staffJudgmentDays,
          admissionThreshold: setting.staffAdmissionThreshold,
        },
        timeZone: this.timeZone,
      });
      await this.repo.replacePassesOfClip(trx, {
        customerId: clip.customerId,
        cameraId: clip.cameraId,
        clipId: clip.id,
        minute: clip.startTime,
        // Track times are already seconds of the minute.
        offsetMs: 0,
        passes: counted.map((pass, i) => ({ ...pass, isStaff: judged[i]?.isStaff ?? false })),
      });
    });
    return state;
  }

  private completedAt(clip: CountedClip, pass: Pass): Date {
    return new Date(clip.startTime.getTime() + pass.endSec * 1000);
  }
}
