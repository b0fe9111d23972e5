// GET api/archives/{archive_id}/motion: the boxes of what moved in the playing minute (video info, core.md §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { archiveMotionCall } from '@camwatch/contract/archives';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const archiveMotionQueryOptions = (archiveId: string) =>
  queryOptions({
    queryKey: ['archives', 'motion', archiveId] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof archiveMotionCall>(routes.archiveMotion, {
          params: { archive_id: archiveId },
          signal,
        })
      ).data.frames,
    // A clip's motion is found once, shortly after upload: keep asking until the job has run.
    staleTime: 30_000,
  });

export const useArchiveMotion = (archiveId: string | null, enabled: boolean) =>
  useQuery({ ...archiveMotionQueryOptions(archiveId ?? ''), enabled: enabled && archiveId !== null });
