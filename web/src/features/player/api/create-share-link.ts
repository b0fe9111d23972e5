// POST api/cameras/:camera_code/share-links (issue 22): makes a link to one range of the camera's recordings.
import type { shareLinkCreateCall, ShareLinkCreateBody } from '@camwatch/contract/share-links';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const createShareLink = async (cameraCode: string, body: ShareLinkCreateBody) =>
  (
    await callApi<typeof shareLinkCreateCall>(routes.shareLinkCreate, {
      params: { camera_code: cameraCode },
      body,
    })
  ).data;
