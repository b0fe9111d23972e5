// DELETE api/enter-alert/camera/{cameraCode}/area-links/{id}: needs configEnterAlert (403); the alerts the
// link raised stay in the recordings. Refreshes the camera's links (a 404, already deleted, refreshes too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { areaLinkDeleteCall } from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { areaLinksQueryKey } from './get-area-links.ts';

export const deleteAreaLink = async (cameraCode: string, id: string) =>
  (await callApi<typeof areaLinkDeleteCall>(routes.areaLinkDelete, { params: { cameraCode, id } })).data;

export function useDeleteAreaLink(cameraCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAreaLink(cameraCode, id),
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: [...areaLinksQueryKey(cameraCode), id], exact: true });
      return queryClient.invalidateQueries({ queryKey: areaLinksQueryKey(cameraCode), exact: true });
    },
  });
}
