// Operation analysis settings of a camera (advanced.md §3, §5, §6, §7): its operation areas and detection
// setting. The feature exists only in a TLT environment mode and for a camera with use_operation_analysis;
// anywhere else the camera answers as unknown (404), like an unknown code or another customer's camera.
// Reading needs a session; replacing either half needs configOperationAnalysis, and leaves the other half.
// Analyses (issue 15): a request for a period of the camera's recordings with its saved areas and detection
// setting (or ones sent with it) needs configOperationAnalysis too; the period and request limits are the shared
// analysis jobs' (analysis-jobs/); the job is operation analysis' handler of the shared runner.
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type DetectionSetting,
  type OperationAnalysisResult,
  type OperationAnalysisSetting,
  type OperationArea,
} from '@camwatch/contract/operation-analysis';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { AnalysisKindHandler } from '../analysis-jobs/analysis-job-runner.ts';
import { toAnalysisJob, type AnalysisJobService } from '../analysis-jobs/analysis-job.service.ts';
import { operationAnalysisCsv } from './operation-analysis-csv.ts';
import {
  OperationAnalysisCollector,
  operationEngineOptions,
  operationSettingsOf,
  type OperationJobSettings,
  type StoredOperationAnalysis,
} from './operation-analysis-job.ts';
import type {
  OperationAnalysisRepository,
  StoredOperationAnalysisSetting,
} from './operation-analysis.repository.ts';

const KIND = 'operation_analysis';

/** Texts stored with the notifications; the web and the push show their own words for the kinds. */
export const OPERATION_ANALYSIS_MESSAGES = {
  completed: '作業分析が完了しました',
  failed: '作業分析に失敗しました',
} as const;

/** Operation analysis' handler of the shared analysis runner. */
export const operationAnalysisHandler: AnalysisKindHandler = {
  kind: KIND,
  hasFeature: (camera) => camera.use_operation_analysis,
  engineOptions: (settings) => operationEngineOptions(operationSettingsOf(settings)),
  wantsPictures: true,
  // Nobody is tracked (operation-analysis-job.ts): the recordings may be analysed at once, one per core.
  independentRecordings: true,
  collector: (job) =>
    new OperationAnalysisCollector(operationSettingsOf(job.settings), {
      startMs: job.periodStartMs,
      endMs: job.periodEndMs,
    }),
  notification: (job, outcome) => ({
    event: 'operation_analysis',
    message: OPERATION_ANALYSIS_MESSAGES[outcome],
    url: `/operation-analysis/results/${job.id}`,
  }),
};

const isStored = (value: unknown): value is StoredOperationAnalysis =>
  typeof value === 'object' && value !== null && Array.isArray((value as { areas?: unknown }).areas);

const iso = (ms: number) => new Date(ms).toISOString();

const toSetting = (stored: StoredOperationAnalysisSetting | null): OperationAnalysisSetting => ({
  operationAreaList: stored?.operation_areas ?? [],
  detectionSetting: stored?.detection_setting ?? { ...DEFAULT_OPERATION_DETECTION_SETTING },
});

export class OperationAnalysisService {
  private readonly isFeatureOn: boolean;

  constructor(
    private readonly repo: OperationAnalysisRepository,
    environmentMode: EnvironmentMode,
    private readonly analyses?: AnalysisJobService,
  ) {
    this.isFeatureOn = isTltMode(environmentMode);
  }

  /** The caller's camera with the feature, or 404 (the feature absent looks the same as no camera). */
  private async camera(auth: AuthContext, code: string) {
    if (!this.isFeatureOn) throw new NotFoundError('camera');
    const camera = await this.repo.findCamera(auth.user.customerId, code);
    if (!camera?.use_operation_analysis) throw new NotFoundError('camera');
    return camera;
  }

  private async changeableCamera(auth: AuthContext, code: string) {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.configOperationAnalysis) throw new ForbiddenError();
    return camera;
  }

  async get(auth: AuthContext, code: string): Promise<OperationAnalysisSetting> {
    return toSetting((await this.camera(auth, code)).setting);
  }

  async setAreas(auth: AuthContext, code: string, areas: OperationArea[]): Promise<OperationAnalysisSetting> {
    const camera = await this.changeableCamera(auth, code);
    const stored = await this.repo.saveAreas(auth.user.customerId, camera.id, areas);
    if (!stored) throw new NotFoundError('camera');
    return toSetting(stored);
  }

  async setDetection(
    auth: AuthContext,
    code: string,
    setting: DetectionSetting,
  ): Promise<OperationAnalysisSetting> {
    const camera = await this.changeableCamera(auth, code);
    const stored = await this.repo.saveDetectionSetting(auth.user.customerId, camera.id, setting);
    if (!stored) throw new NotFoundError('camera');
    return toSetting(stored);
  }

  private jobs(): AnalysisJobService {
    if (!this.isFeatureOn || !this.analyses) throw new NotFoundError('operation analysis');
    return this.analyses;
  }

  /**
   * Asks for an analysis of the period with the areas and detection setting sent, or else the camera's saved
   * ones; at least one area is needed (400 on operationAreaList).
   */
  async request(
    auth: AuthContext,
    code: string,
    body: {
      start: string;
      end: string;
      operationAreaList?: OperationArea[];
      detectionSetting?: DetectionSetting;
    },
  ): Promise<AnalysisJob> {
    const jobs = this.jobs();
    const camera = await this.changeableCamera(auth, code);
    const saved = toSetting(camera.setting);
    const settings: OperationJobSettings = {
      operationAreaList: body.operationAreaList ?? saved.operationAreaList,
      detectionSetting: body.detectionSetting ?? saved.detectionSetting,
    };
    if (settings.operationAreaList.length === 0)
      throw FieldErrors.of('operationAreaList', 'at least one operation area is needed', 'required');
    return jobs.request(auth, KIND, camera, { start: body.start, end: body.end }, settings);
  }

  async list(auth: AuthContext, cameraCode?: string): Promise<AnalysisJob[]> {
    const jobs = this.jobs();
    const cameraId = cameraCode === undefined ? undefined : (await this.camera(auth, cameraCode)).id;
    return jobs.list(auth, KIND, cameraId);
  }

  private async stored(auth: AuthContext, id: string) {
    const jobs = this.jobs();
    const row = await jobs.row(auth, KIND, id);
    const stored = await jobs.resultOf(row);
    return { row, stored: isStored(stored) ? stored : null };
  }

  async result(auth: AuthContext, id: string): Promise<OperationAnalysisResult> {
    const { row, stored } = await this.stored(auth, id);
    const settings = operationSettingsOf(row.settings);
    return {
      analysis: toAnalysisJob(row),
      setting: settings,
      clips_skipped: row.clips_skipped,
      result: stored
        ? {
            recorded: stored.recorded.map(([a, b]) => ({ start: iso(a), end: iso(b) })),
            recorded_sec: stored.recordedSec,
            areas: stored.areas.map((area, i) => ({
              name: area.name,
              points: settings.operationAreaList[i]?.points ?? [],
              sessions: area.sessions.map(([a, b]) => ({ start: iso(a), end: iso(b) })),
              working_sec: area.workingSec,
              idle_sec: area.idleSec,
              session_count: area.sessions.length,
            })),
          }
        : null,
    };
  }

  async csv(auth: AuthContext, id: string, lang: 'ja' | 'en'): Promise<{ filename: string; text: string }> {
    const { row, stored } = await this.stored(auth, id);
    if (!stored)
      throw new DomainError(409, 'conflict', 'The analysis has not completed.', 'download_not_ready');
    const day = new Date(row.period_start.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    return {
      filename: `operation-analysis-${row.camera_code}-${day}-${row.id}.csv`,
      text: operationAnalysisCsv(
        stored,
        { startMs: row.period_start.getTime(), endMs: row.period_end.getTime() },
        lang,
      ),
    };
  }
}
