// GET api/audit-log, api/audit-log/options and api/audit-log/csv (issue 16): a page of the customer's audit
// events, what they can be filtered by, and the same events as a CSV file.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { auditListCall, auditOptionsCall, AuditCsvQuery } from '@camwatch/contract/audit';
import { routes } from '@camwatch/contract/routes';
import { callApi, callApiFile } from '../../../lib/api-client.ts';

export const auditEventsQueryKey = (query: Record<string, string>, page: number) =>
  ['audit-log', 'events', query, page] as const;

export const useAuditEvents = (query: Record<string, string> | null, page: number) =>
  useQuery({
    queryKey: auditEventsQueryKey(query ?? {}, page),
    queryFn: async ({ signal }) =>
      (await callApi<typeof auditListCall>(routes.auditList, { signal, query: { ...query, page } })).data,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useAuditOptions = () =>
  useQuery({
    queryKey: ['audit-log', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof auditOptionsCall>(routes.auditOptions, { signal })).data,
    staleTime: 60_000,
  });

export const fetchAuditCsv = (query: Record<string, string> & AuditCsvQuery) =>
  callApiFile(routes.auditCsv, { query }, 'audit-log.csv');
