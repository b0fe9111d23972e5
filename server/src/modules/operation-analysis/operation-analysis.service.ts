// Operation analysis settings of a camera (advanced.md §3, §5, §6, §7): its operation areas and detection
// setting. The feature exists only in a TLT environment mode and for a camera with use_operation_analysis;
// anywhere else the camera answers as unknown (404), like an unknown code or another customer's camera.
// Reading needs a session; replacing either half needs configOperationAnalysis, and leaves the other half.
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type DetectionSetting,
  type OperationAnalysisSetting,
  type OperationArea,
} from '@camwatch/contract/operation-analysis';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type {
  OperationAnalysisRepository,
  StoredOperationAnalysisSetting,
} from './operation-analysis.repository.ts';

const toSetting = (stored: StoredOperationAnalysisSetting | null): OperationAnalysisSetting => ({
  operationAreaList: stored?.operation_areas ?? [],
  detectionSetting: stored?.detection_setting ?? { ...DEFAULT_OPERATION_DETECTION_SETTING },
});

export class OperationAnalysisService {
  private readonly isFeatureOn: boolean;

  constructor(
    private readonly repo: OperationAnalysisRepository,
    environmentMode: EnvironmentMode,
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
}
