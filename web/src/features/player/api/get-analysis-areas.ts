// The TLT areas the video info draws (core.md §2, advanced.md §5): the entry detection and machine areas of the
// camera's area links (GET api/enter-alert/camera/{code}/area-links) and its operation areas
// (GET api/operation-analysis/camera/{code}/setting). Asked only when the checkbox is on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { areaLinkListCall } from '@camwatch/contract/entry-detection';
import type { operationAnalysisSettingCall } from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

/** Areas change only when someone edits the setting; a minute is fresh enough for the overlay. */
const AREAS_STALE_MS = 60_000;

export const areaLinksQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: ['enter-alert', 'area-links', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof areaLinkListCall>(routes.areaLinkList, {
          params: { cameraCode },
          signal,
        })
      ).data.areaLinks,
    staleTime: AREAS_STALE_MS,
  });

export const operationAnalysisSettingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: ['operation-analysis', 'setting', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof operationAnalysisSettingCall>(routes.operationAnalysisSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    staleTime: AREAS_STALE_MS,
  });

export const useAreaLinks = (cameraCode: string, enabled: boolean) =>
  useQuery({ ...areaLinksQueryOptions(cameraCode), enabled });

export const useOperationAnalysisSetting = (cameraCode: string, enabled: boolean) =>
  useQuery({ ...operationAnalysisSettingQueryOptions(cameraCode), enabled });
