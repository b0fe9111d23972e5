// GET api/enter-alert/camera/{code}/csv: the entry alerts of a period as a CSV file (core.md §2, §9).
import type { EnterAlertCsvQuery } from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApiFile } from '../../../lib/api-client.ts';

export const fetchEnterAlertCsv = (cameraCode: string, query: EnterAlertCsvQuery) =>
  callApiFile(
    routes.enterAlertCsv,
    { params: { cameraCode }, query: { ...query } },
    `enter-alert_${cameraCode}.csv`,
  );
