// Tenancy matrix entries of person tracking (TLT): the owner's camera's setting and requests, the owner's
// analysis and its CSV are unknown (404) to another customer; the list answers the caller's own analyses. A
// child without rights is refused the request and the setting change by the camera first (404: not theirs).
import { DEFAULT_PERSON_TRACKING_SETTING } from '@camwatch/contract/person-tracking';
import { GET, send, type MatrixEntry } from './matrix-requests.ts';

const setting = (code: string) => `/api/person-tracking/camera/${code}/setting`;

export const personTrackingMatrix: Record<string, MatrixEntry> = {
  'GET /api/person-tracking/camera/:cameraCode/setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(setting(owner.cameraCode))],
    parent: 404,
  },
  'PUT /api/person-tracking/camera/:cameraCode/setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', setting(owner.cameraCode), DEFAULT_PERSON_TRACKING_SETTING)],
    parent: 404,
  },
  'POST /api/person-tracking/camera/:cameraCode/analyses': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('POST', `/api/person-tracking/camera/${owner.cameraCode}/analyses`, {
        start: '2026-01-01T00:00:00Z',
        end: '2026-01-01T01:00:00Z',
      }),
    ],
    parent: 404,
  },
  'GET /api/person-tracking/analyses': {
    scope: 'own',
    requests: () => [GET('/api/person-tracking/analyses')],
    parent: 200,
  },
  'GET /api/person-tracking/analyses/:id': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/person-tracking/analyses/${owner.personTrackingId}`)],
    parent: 404,
  },
  'GET /api/person-tracking/analyses/:id/csv': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/person-tracking/analyses/${owner.personTrackingId}/csv`)],
    parent: 404,
  },
};
