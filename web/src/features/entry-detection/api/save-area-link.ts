// POST api/enter-alert/camera/{cameraCode}/area-links (a new link; 409 limit_reached beyond AREA_LINKS_MAX)
// and PUT …/area-links/{id} (replaces one): need configEnterAlert (403); a 400 names the field (advanced.md
// §5). Either refreshes the camera's links, here and in the detail page's video info.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AreaLinkInput,
  areaLinkCreateCall,
  areaLinkUpdateCall,
} from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { areaLinksQueryKey } from './get-area-links.ts';

export const createAreaLink = async (cameraCode: string, body: AreaLinkInput) =>
  (await callApi<typeof areaLinkCreateCall>(routes.areaLinkCreate, { params: { cameraCode }, body })).data;

export const updateAreaLink = async (cameraCode: string, id: string, body: AreaLinkInput) =>
  (await callApi<typeof areaLinkUpdateCall>(routes.areaLinkUpdate, { params: { cameraCode, id }, body }))
    .data;

/** Saves the link: a new one without `id`, else the one with that id. */
export function useSaveAreaLink(cameraCode: string, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AreaLinkInput) =>
      id === null ? createAreaLink(cameraCode, body) : updateAreaLink(cameraCode, id, body),
    onSuccess: (link) => {
      queryClient.setQueryData([...areaLinksQueryKey(cameraCode), link.id], link);
      return queryClient.invalidateQueries({ queryKey: areaLinksQueryKey(cameraCode), exact: true });
    },
  });
}
