// GET api/cameras/{camera_code}: one camera's detail, for the information dialog (core.md §7).
import { useQuery } from '@tanstack/react-query';
import type { cameraDetailCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const getCamera = async (code: string, signal?: AbortSignal) =>
  (await callApi<typeof cameraDetailCall>(routes.cameraDetail, { params: { camera_code: code }, signal }))
    .data;

export const useCamera = (code: string | null) =>
  useQuery({
    queryKey: ['cameras', 'detail', code] as const,
    queryFn: ({ signal }) => getCamera(code!, signal),
    enabled: code !== null,
    staleTime: 30_000,
  });
