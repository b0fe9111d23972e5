// Tenancy matrix entries of operation analysis requests and results (TLT): a request on the owner's camera, the
// owner's analysis and its CSV are unknown (404) to another customer; the list answers the caller's own analyses.
// A child without rights is refused the request by the camera first (404: not theirs).
import { GET, send, type MatrixEntry } from './matrix-requests.ts';

export const operationAnalysisMatrix: Record<string, MatrixEntry> = {
  'POST /api/operation-analysis/camera/:cameraCode/analyses': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('POST', `/api/operation-analysis/camera/${owner.cameraCode}/analyses`, {
        start: '2026-01-01T00:00:00Z',
        end: '2026-01-01T01:00:00Z',
      }),
    ],
    parent: 404,
  },
  'GET /api/operation-analysis/analyses': {
    scope: 'own',
    requests: () => [GET('/api/operation-analysis/analyses')],
    parent: 200,
  },
  'GET /api/operation-analysis/analyses/:id': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/operation-analysis/analyses/${owner.operationAnalysisId}`)],
    parent: 404,
  },
  'GET /api/operation-analysis/analyses/:id/csv': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/operation-analysis/analyses/${owner.operationAnalysisId}/csv`)],
    parent: 404,
  },
};
