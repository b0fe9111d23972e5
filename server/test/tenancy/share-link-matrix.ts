// Tenancy matrix entries of shareable clip links: making a link on the owner's camera (the archive right is checked
// first: the rightless child gets 403), revoking the owner's link (not found for anyone else, whatever their
// rights), the caller's own list, and the public calls, which answer a forged token 403 whoever asks.
import { FORGED, GET, camera, range, send, type MatrixEntry } from './matrix-requests.ts';

export const shareLinkMatrix: Record<string, MatrixEntry> = {
  'POST /api/cameras/:camera_code/share-links': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('POST', `${camera(owner.cameraCode)}/share-links`, { ...range, expires_in_hours: 1 }),
    ],
    parent: 404,
    child: 403,
  },
  'GET /api/share-links': {
    scope: 'own',
    requests: () => [GET('/api/share-links')],
    parent: 200,
  },
  'DELETE /api/share-links/:share_link_id': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', `/api/share-links/${owner.shareLinkId}`)],
    parent: 404,
  },
  'GET /api/public/share/:token': {
    scope: 'signed-address',
    requests: () => [GET(`/api/public/share/${FORGED}`)],
    parent: 403,
  },
  'GET /api/public/share/:token/clips/:clip_id': {
    scope: 'signed-address',
    requests: ({ owner }) => [GET(`/api/public/share/${FORGED}/clips/${owner.archiveId}`)],
    parent: 403,
  },
  'GET /api/public/share/:token/download': {
    scope: 'signed-address',
    requests: () => [GET(`/api/public/share/${FORGED}/download`)],
    parent: 403,
  },
};
