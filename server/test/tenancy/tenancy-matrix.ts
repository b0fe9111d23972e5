// The tenancy matrix: for every call of the OpenAPI document, how another customer tries to reach the owner's data
// through it, and what it must answer. A call missing from here fails the matrix test, so a new call must say
// how it is scoped before it lands.
import { accountMatrix } from './account-matrix.ts';
import { cameraMatrix } from './camera-matrix.ts';
import { eventsMatrix } from './events-matrix.ts';
import { heatmapDownloadMatrix } from './heatmap-download-matrix.ts';
import { operationAnalysisMatrix } from './operation-analysis-matrix.ts';
import { peopleCountMatrix } from './people-count-matrix.ts';
import { personTrackingMatrix } from './person-tracking-matrix.ts';
import { shareLinkMatrix } from './share-link-matrix.ts';
import type { MatrixEntry } from './matrix-requests.ts';

export type { MatrixEntry, MatrixIds, Scope } from './matrix-requests.ts';

export const tenancyMatrix: Record<string, MatrixEntry> = {
  ...accountMatrix,
  ...cameraMatrix,
  ...peopleCountMatrix,
  ...heatmapDownloadMatrix,
  ...personTrackingMatrix,
  ...operationAnalysisMatrix,
  ...eventsMatrix,
  ...shareLinkMatrix,
};
