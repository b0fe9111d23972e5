// What the operation analysis screen needs before it renders, asked for by its route loader while the
// screen's code downloads: the camera and a fresh copy of its setting (another person may have changed it).
import { queryClient } from '../../../lib/query-client.ts';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';
import { settingQueryOptions } from './get-operation-analysis-setting.ts';

export async function loadOperationAnalysisPage(code: string): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(cameraDetailQueryOptions(code)),
    queryClient.fetchQuery({ ...settingQueryOptions(code), staleTime: 0 }),
  ]);
}
