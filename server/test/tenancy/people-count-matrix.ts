// Tenancy matrix entries of the people counter's results: a camera's or a site's counts and their CSV. The
// analytics right is checked first (the rightless child gets 403), then the owner's camera or site is not found.
import { GET, type MatrixEntry } from './matrix-requests.ts';

const period = 'start=2026-01-01&end=2026-01-31';
const counts = (kind: 'camera' | 'location', code: string, csv = false) =>
  `/api/people-counter/${kind}/${code}/counts${csv ? '/csv' : ''}?${period}`;

export const peopleCountMatrix: Record<string, MatrixEntry> = {
  'GET /api/people-counter/camera/:cameraCode/counts': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(counts('camera', owner.cameraCode))],
    parent: 404,
    child: 403,
  },
  'GET /api/people-counter/camera/:cameraCode/counts/csv': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(counts('camera', owner.cameraCode, true))],
    parent: 404,
    child: 403,
  },
  'GET /api/people-counter/location/:locationCode/counts': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(counts('location', owner.locationCode))],
    parent: 404,
    child: 403,
  },
  'GET /api/people-counter/location/:locationCode/counts/csv': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(counts('location', owner.locationCode, true))],
    parent: 404,
    child: 403,
  },
};
