// setting/audit-log (issue 16 "Audit log"): the customer's audit events for its parent users — who signed in or
// failed, watched, downloaded, exported or changed what, when and from where — filtered by user, camera, kind and
// days, a page of 50 at a time, and downloadable as CSV. The filters live in the address, so a filtered view
// can be reloaded or shared. Child users never get here (the route and the server refuse them).
import '../audit-log-texts.ts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_KIND_GROUPS } from '@camwatch/contract/audit-rules';
import type { AuditEvent } from '@camwatch/contract/audit';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate } from '../../../lib/local-time.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { showToast } from '../../../lib/toast.ts';
import { fetchAuditCsv, useAuditEvents, useAuditOptions } from '../api/audit-log.ts';
import {
  auditQueryOf,
  detailLine,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  localUtcOffset,
  type AuditFilters,
} from '../audit-filters.ts';
import { AuditPager } from './AuditPager.tsx';

export default function AuditLogPage() {
  const { t } = useTranslation();
  const [language] = useBrowserState('language');
  const [search, setSearch] = useSearchParams();
  const { filters, page } = filtersFromSearch(search);
  const built = auditQueryOf(filters);
  const query = 'query' in built ? built.query : null;
  const events = useAuditEvents(query, page);
  const options = useAuditOptions();
  const [isExporting, setExporting] = useState(false);
  const today = localDate(Date.now());

  const apply = (changes: Partial<AuditFilters>) => setSearch(filtersToSearch({ ...filters, ...changes }));
  const kindLabel = (kind: string) => t(`auditLog.kinds.${kind}`);

  const exportCsv = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const { blob, fileName } = await fetchAuditCsv({
        ...query,
        lang: language === 'en' ? 'en' : 'ja',
        utc_offset: localUtcOffset(),
      });
      saveBlob(blob, fileName);
      showToast({ color: 'green', message: t('auditLog.csvDone') });
    } catch {
      showToast({ color: 'red', message: t('messages.downloadFailed') });
    } finally {
      setExporting(false);
    }
  };

  const userOf = (event: AuditEvent) =>
    event.via === 'cli' ? t('auditLog.operator') : (event.user_email ?? t('auditLog.unknownUser'));
  const data = events.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isForbidden = events.error instanceof ApiError && events.error.status === 403;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <Anchor component={Link} to="/setting" size="sm" mb="xs" display="inline-flex">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('auditLog.back')}
        </Group>
      </Anchor>
      <PageTitle>{t('pages.audit_log')}</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        {options.data
          ? t('auditLog.description', { days: options.data.retentionDays })
          : t('auditLog.descriptionShort')}
      </Text>

      <Box
        component="form"
        role="search"
        aria-label={t('auditLog.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <Select
            label={t('auditLog.user')}
            placeholder={t('auditLog.all')}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('auditLog.clearField') }}
            value={filters.user || null}
            onChange={(value) => apply({ user: value ?? '' })}
            data={(options.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.email }))}
            nothingFoundMessage={t('auditLog.nothingFound')}
          />
          <Select
            label={t('auditLog.camera')}
            placeholder={t('auditLog.all')}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('auditLog.clearField') }}
            value={filters.camera || null}
            onChange={(value) => apply({ camera: value ?? '' })}
            data={(options.data?.cameras ?? []).map((c) => ({ value: c.code, label: c.name }))}
            nothingFoundMessage={t('auditLog.nothingFound')}
          />
          <Select
            label={t('auditLog.kind')}
            placeholder={t('auditLog.all')}
            clearable
            clearButtonProps={{ 'aria-label': t('auditLog.clearField') }}
            value={filters.kind || null}
            onChange={(value) => apply({ kind: (value ?? '') as AuditFilters['kind'] })}
            data={Object.entries(AUDIT_KIND_GROUPS).map(([group, kinds]) => ({
              group: t(`auditLog.groups.${group}`),
              items: kinds.map((kind) => ({ value: kind, label: kindLabel(kind) })),
            }))}
          />
          <TextInput
            type="date"
            label={t('auditLog.from')}
            value={filters.from}
            max={today}
            onChange={(e) => apply({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('auditLog.to')}
            value={filters.to}
            max={today}
            onChange={(e) => apply({ to: e.currentTarget.value })}
            error={'problem' in built ? t('auditLog.toBeforeFrom') : undefined}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Group gap="sm">
            <Button variant="default" onClick={() => setSearch(filtersToSearch(EMPTY_FILTERS))}>
              {t('auditLog.clear')}
            </Button>
            {data && (
              <Text size="sm" aria-live="polite">
                {t('auditLog.total', { count: data.total })}
              </Text>
            )}
          </Group>
          <Button
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={isExporting}
            disabled={!query}
          >
            {t('auditLog.csv')}
          </Button>
        </Group>
      </Box>

      <Stack mt="md" gap="sm">
        {isForbidden ? (
          <Alert color="red" role="alert">
            {t('messages.noPermission')}
          </Alert>
        ) : events.isError ? (
          <Alert color="red" role="alert">
            {t('auditLog.loadFailed')}
          </Alert>
        ) : data && data.events.length === 0 ? (
          <Text>{t('auditLog.empty')}</Text>
        ) : data ? (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped aria-label={t('auditLog.table')} verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('auditLog.time')}</Table.Th>
                    <Table.Th>{t('auditLog.kind')}</Table.Th>
                    <Table.Th>{t('auditLog.user')}</Table.Th>
                    <Table.Th>{t('auditLog.address')}</Table.Th>
                    <Table.Th>{t('auditLog.camera')}</Table.Th>
                    <Table.Th>{t('auditLog.what')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.events.map((event) => (
                    <Table.Tr key={event.id} data-kind={event.kind}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(new Date(event.occurred_at))}
                      </Table.Td>
                      <Table.Td>{kindLabel(event.kind)}</Table.Td>
                      <Table.Td>{userOf(event)}</Table.Td>
                      <Table.Td title={event.user_agent ?? undefined}>{event.ip ?? '-'}</Table.Td>
                      <Table.Td>{event.camera_name ?? event.camera_code ?? '-'}</Table.Td>
                      <Table.Td>
                        {event.target && <Text size="sm">{event.target}</Text>}
                        {Object.keys(event.detail).length > 0 && (
                          <Text size="xs" c="dimmed">
                            {detailLine(event.detail)}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {lastPage > 1 && (
              <AuditPager
                page={page}
                last={lastPage}
                onChange={(next) => setSearch(filtersToSearch(filters, next))}
              />
            )}
          </>
        ) : (
          <Text c="dimmed">{t('auditLog.loading')}</Text>
        )}
      </Stack>
    </Box>
  );
}
