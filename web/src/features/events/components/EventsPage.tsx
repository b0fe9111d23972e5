// /events (issue 22 "Events page"): every event of the customer's cameras newest first — motion, people, entry
// alerts, people counter passes, cameras going down and back up — with its thumbnail and a few seconds' preview,
// filtered by camera, tag, site, kind and days (kept in the address, so a filtered view can be reloaded or shared),
// 50 more at a time. The keyboard walks the list (j/k or the arrows), Enter plays the recording at that moment,
// r marks the selected event reviewed.
import '../events-texts.ts';
import { Alert, Box, Button, Chip, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CAMERA_EVENT_KINDS, type CameraEventKind } from '@camwatch/contract/events-rules';
import type { CameraEvent } from '@camwatch/contract/events';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate } from '../../../lib/local-time.ts';
import { showToast } from '../../../lib/toast.ts';
import { useEventFilterOptions, useEventPages, useMarkReviewed } from '../api/events.ts';
import {
  EMPTY_EVENT_FILTERS,
  eventFiltersFromSearch,
  eventFiltersToSearch,
  eventRecordingPath,
  eventsQueryOf,
  listKeyOf,
  movedIndex,
  type EventFilters,
} from '../event-filters.ts';
import { EventRow } from './EventRow.tsx';

/** Keys typed into a form control are the control's, not the list's. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export default function EventsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const filters = eventFiltersFromSearch(search);
  const built = eventsQueryOf(filters);
  const query = 'query' in built ? built.query : null;
  const pages = useEventPages(query);
  const options = useEventFilterOptions();
  const mark = useMarkReviewed();
  const [selected, setSelected] = useState(-1);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const today = localDate(Date.now());

  const events: CameraEvent[] = pages.data?.pages.flatMap((page) => page.events) ?? [];
  const hasFilters = eventFiltersToSearch(filters).toString() !== '';
  const apply = (changes: Partial<EventFilters>) => {
    setSelected(-1);
    setSearch(eventFiltersToSearch({ ...filters, ...changes }));
  };

  const markReviewed = (body: { ids: string[] } | { through_id: string }) =>
    mark.mutate(body, { onError: () => showToast({ color: 'red', message: t('events.markFailed') }) });
  const markAll = () => {
    const unreviewed = events.filter((event) => !event.reviewed);
    if (unreviewed.length === 0) return;
    // Without filters, everything up to the newest event shown; with filters, only the events shown.
    if (!hasFilters) {
      const newest = events.reduce((max, event) => (Number(event.id) > Number(max) ? event.id : max), '0');
      markReviewed({ through_id: newest });
    } else
      for (let i = 0; i < unreviewed.length; i += 200)
        markReviewed({ ids: unreviewed.slice(i, i + 200).map((event) => event.id) });
  };

  const select = (index: number) => {
    setSelected(index);
    links.current[index]?.focus();
  };
  const onKey = (e: KeyboardEvent | React.KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const action = listKeyOf(e.key);
    if (!action) return;
    const event = events[selected];
    if (action === 'open') {
      // Enter on the focused link follows it already; elsewhere it opens the selected event.
      if (!event || e.target instanceof HTMLAnchorElement || e.target instanceof HTMLButtonElement) return;
      e.preventDefault();
      void navigate(eventRecordingPath(event.camera_code, event.at));
      return;
    }
    if (action === 'review') {
      if (event && !event.reviewed) markReviewed({ ids: [event.id] });
      e.preventDefault();
      return;
    }
    e.preventDefault();
    const next = movedIndex(selected, action, events.length);
    if (action === 'next' && selected === events.length - 1 && pages.hasNextPage && !pages.isFetchingNextPage)
      void pages.fetchNextPage();
    if (next >= 0) select(next);
  };
  // The keys work on the page too, before anything is focused (j selects the first event).
  const onKeyRef = useRef(onKey);
  useEffect(() => {
    onKeyRef.current = onKey;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.target === document.body) onKeyRef.current(e);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const kindLabel = (kind: CameraEventKind) => t(`events.kindNames.${kind}`);
  const selectProps = {
    placeholder: t('events.all'),
    searchable: true,
    clearable: true,
    clearButtonProps: { 'aria-label': t('events.clearField') },
    nothingFoundMessage: t('events.nothingFound'),
  };

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.events')}</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        {t('events.description')}
      </Text>

      <Box
        component="form"
        role="search"
        aria-label={t('events.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
          <Select
            label={t('events.camera')}
            {...selectProps}
            value={filters.camera || null}
            onChange={(value) => apply({ camera: value ?? '' })}
            data={(options.data?.cameras ?? []).map((c) => ({ value: c.code, label: c.name }))}
          />
          <Select
            label={t('events.tag')}
            {...selectProps}
            value={filters.tag || null}
            onChange={(value) => apply({ tag: value ?? '' })}
            data={(options.data?.tags ?? []).map((tag) => ({ value: tag.code, label: tag.name }))}
          />
          <Select
            label={t('events.site')}
            {...selectProps}
            value={filters.site || null}
            onChange={(value) => apply({ site: value ?? '' })}
            data={(options.data?.sites ?? []).map((site) => ({ value: site.code, label: site.name }))}
          />
          <TextInput
            type="date"
            label={t('events.from')}
            value={filters.from}
            max={today}
            onChange={(e) => apply({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('events.to')}
            value={filters.to}
            max={today}
            onChange={(e) => apply({ to: e.currentTarget.value })}
            error={'problem' in built ? t('events.toBeforeFrom') : undefined}
          />
        </SimpleGrid>
        <Box mt="sm" role="group" aria-label={t('events.kinds')}>
          <Chip.Group
            multiple
            value={filters.kinds}
            onChange={(value) => apply({ kinds: CAMERA_EVENT_KINDS.filter((kind) => value.includes(kind)) })}
          >
            <Group gap="xs">
              {CAMERA_EVENT_KINDS.map((kind) => (
                <Chip key={kind} value={kind} size="sm">
                  {kindLabel(kind)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Box>
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Button variant="default" onClick={() => apply(EMPTY_EVENT_FILTERS)}>
            {t('events.clear')}
          </Button>
          <Button
            variant="light"
            onClick={markAll}
            disabled={!events.some((event) => !event.reviewed)}
            loading={mark.isPending}
          >
            {t('events.markAllReviewed')}
          </Button>
        </Group>
      </Box>

      <Text size="xs" c="dimmed" mt="md" id="events-keys">
        {t('events.keysHint')}
      </Text>
      <Stack mt="xs" gap="xs">
        {pages.isError ? (
          <Alert color="red" role="alert">
            {t('events.loadFailed')}
          </Alert>
        ) : pages.isPending && query !== null ? (
          <Text>{t('events.loading')}</Text>
        ) : events.length === 0 ? (
          <Text>{t('events.empty')}</Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              aria-label={t('events.list')}
              aria-describedby="events-keys"
              onKeyDown={onKey}
            >
              {events.map((event, index) => (
                <EventRow
                  key={event.id}
                  ref={(element) => {
                    links.current[index] = element;
                  }}
                  event={event}
                  isSelected={index === selected}
                  onSelect={() => setSelected(index)}
                  onMarkReviewed={() => markReviewed({ ids: [event.id] })}
                />
              ))}
            </Stack>
            {pages.hasNextPage ? (
              <Button
                variant="default"
                onClick={() => void pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
              >
                {t('events.more')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('events.end')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
