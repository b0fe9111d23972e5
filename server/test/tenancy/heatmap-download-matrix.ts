// Tenancy matrix entries of the heat map: the owner's camera's heat map, and the batch download (asking for the
// owner's camera, the owner's batch and its ZIP, and the caller's own list). The heatmap (and batchDownload) rights
// are checked first (the rightless child gets 403), then the owner's camera or batch is not found.
import { GET, send, type MatrixEntry } from './matrix-requests.ts';

const batch = (id: string, file = false) => `/api/heatmap/downloads/${id}${file ? '/file' : ''}`;

export const heatmapDownloadMatrix: Record<string, MatrixEntry> = {
  'GET /api/heatmap/camera/:cameraCode': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/heatmap/camera/${owner.cameraCode}?start=2026-01-01&end=2026-01-31`)],
    parent: 404,
    child: 403,
  },
  'POST /api/heatmap/downloads': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('POST', '/api/heatmap/downloads', {
        camera_codes: [owner.cameraCode],
        start: '2026-01-01',
        end: '2026-01-31',
      }),
    ],
    parent: 404,
    child: 403,
  },
  'GET /api/heatmap/downloads': {
    scope: 'own',
    requests: () => [GET('/api/heatmap/downloads')],
    parent: 200,
    child: 403,
  },
  'GET /api/heatmap/downloads/:download_id': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(batch(owner.heatmapDownloadId))],
    parent: 404,
    child: 403,
  },
  'GET /api/heatmap/downloads/:download_id/file': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(batch(owner.heatmapDownloadId, true))],
    parent: 404,
    child: 403,
  },
};
