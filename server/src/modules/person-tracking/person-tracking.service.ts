// Person tracking (advanced.md §1-§6; TLT only): a camera's setting, requests to analyse a period of its
// recordings, the customer's analyses and one analysis's tracked people. The feature exists only in a TLT mode and
// for a camera with use_person_tracking; anywhere else the camera (and every analysis) answers as unknown (404).
// Replacing the setting needs configPersonTracking, asking for an analysis the archive right (it reads the
// recordings); reading needs the customer's camera. The period and request limits are the shared analysis jobs'.
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import type { PersonTrackingResult, PersonTrackingSetting } from '@camwatch/contract/person-tracking';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { toAnalysisJob, type AnalysisJobService } from '../analysis-jobs/analysis-job.service.ts';
import type { AnalysisKindHandler } from '../analysis-jobs/analysis-job-runner.ts';
import type { MediaUrls } from '../archives/media-urls.ts';
import {
  PersonTrackingCollector,
  personTrackingEngineOptions,
  settingOf,
  type StoredPersonTracking,
} from './person-tracking-analysis.ts';
import { personTrackingCsv } from './person-tracking-csv.ts';
import type { PersonTrackingRepository } from './person-tracking.repository.ts';

const KIND = 'person_tracking';

/** Texts stored with the notifications; the web and the push show their own words for the kinds. */
export const PERSON_TRACKING_MESSAGES = {
  completed: '人物追跡の分析が完了しました',
  failed: '人物追跡の分析に失敗しました',
} as const;

/** Person tracking's handler of the shared analysis runner. */
export const personTrackingHandler: AnalysisKindHandler = {
  kind: KIND,
  hasFeature: (camera) => camera.use_person_tracking,
  engineOptions: (settings) => personTrackingEngineOptions(settingOf(settings)),
  collector: (job) =>
    new PersonTrackingCollector(settingOf(job.settings), {
      startMs: job.periodStartMs,
      endMs: job.periodEndMs,
    }),
  notification: (job, outcome) => ({
    event: 'person_tracking',
    message: PERSON_TRACKING_MESSAGES[outcome],
    url: `/person-tracking/results/${job.id}`,
  }),
};

const isStored = (value: unknown): value is StoredPersonTracking =>
  typeof value === 'object' && value !== null && Array.isArray((value as { persons?: unknown }).persons);

export class PersonTrackingService {
  private readonly isFeatureOn: boolean;

  constructor(
    private readonly deps: {
      repo: PersonTrackingRepository;
      analyses: AnalysisJobService;
      urls: Pick<MediaUrls, 'image'>;
      environmentMode: EnvironmentMode;
    },
  ) {
    this.isFeatureOn = isTltMode(deps.environmentMode);
  }

  private assertFeature(): void {
    if (!this.isFeatureOn) throw new NotFoundError('person tracking');
  }

  /** The caller's camera with the feature, or 404 (the feature absent looks the same as no camera). */
  private async camera(auth: AuthContext, code: string) {
    this.assertFeature();
    const camera = await this.deps.repo.findCamera(auth.user.customerId, code);
    if (!camera?.use_person_tracking) throw new NotFoundError('camera');
    return camera;
  }

  async getSetting(auth: AuthContext, code: string): Promise<PersonTrackingSetting> {
    return settingOf((await this.camera(auth, code)).setting);
  }

  async setSetting(
    auth: AuthContext,
    code: string,
    setting: PersonTrackingSetting,
  ): Promise<PersonTrackingSetting> {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.configPersonTracking) throw new ForbiddenError();
    if (!(await this.deps.repo.save(auth.user.customerId, camera.id, setting)))
      throw new NotFoundError('camera');
    return setting;
  }

  /** Asks for an analysis of the period with the camera's setting as it is now. */
  async request(
    auth: AuthContext,
    code: string,
    period: { start: string; end: string },
  ): Promise<AnalysisJob> {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.archive) throw new ForbiddenError();
    return this.deps.analyses.request(auth, KIND, camera, period, settingOf(camera.setting));
  }

  async list(auth: AuthContext, cameraCode?: string): Promise<AnalysisJob[]> {
    this.assertFeature();
    const cameraId = cameraCode === undefined ? undefined : (await this.camera(auth, cameraCode)).id;
    return this.deps.analyses.list(auth, KIND, cameraId);
  }

  private async stored(auth: AuthContext, id: string) {
    this.assertFeature();
    const row = await this.deps.analyses.row(auth, KIND, id);
    const stored = await this.deps.analyses.resultOf(row);
    return { row, stored: isStored(stored) ? stored : null };
  }

  async result(auth: AuthContext, id: string): Promise<PersonTrackingResult> {
    const { row, stored } = await this.stored(auth, id);
    const setting = settingOf(row.settings);
    const pictureKey = await this.deps.repo.pictureKey(row.camera_id, row.period_start);
    return {
      analysis: toAnalysisJob(row),
      setting,
      picture_url: pictureKey ? this.deps.urls.image(pictureKey) : null,
      clips_skipped: row.clips_skipped,
      persons: stored
        ? stored.persons.map((p) => ({
            id: p.id,
            first_at: new Date(p.firstMs).toISOString(),
            last_at: new Date(p.lastMs).toISOString(),
            path: p.path.map(([ms, x, y]) => ({ t: new Date(ms).toISOString(), x, y })),
            area_seconds: stored.areaNames.map((name, i) => ({ name, seconds: p.areaSeconds[i] ?? 0 })),
            is_transport: p.isTransport,
            max_score: p.maxScore,
          }))
        : null,
    };
  }

  async csv(auth: AuthContext, id: string, lang: 'ja' | 'en'): Promise<{ filename: string; text: string }> {
    const { row, stored } = await this.stored(auth, id);
    if (!stored)
      throw new DomainError(409, 'conflict', 'The analysis has not completed.', 'download_not_ready');
    const day = new Date(row.period_start.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    return {
      filename: `person-tracking-${row.camera_code}-${day}-${row.id}.csv`,
      text: personTrackingCsv(stored, lang),
    };
  }
}
