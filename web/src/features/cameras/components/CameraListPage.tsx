// The camera list screen on list/{page} (core.md §2): list, tile and multi-video tabs, a pager, the down
// notice, the empty result, the filter dialog with its chips, and tag-setting mode. Every condition lives in
// the URL so a link reproduces the view; the selection of tag-setting mode is screen state.
import { Alert, Badge, Box, Button, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconFilter,
  IconLayoutGrid,
  IconList,
  IconMap,
  IconTag,
  IconTags,
  IconVideo,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@camwatch/contract/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isTltMode } from '@camwatch/contract/environment';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useCameras } from '../api/get-cameras.ts';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/current-user.ts';
import {
  cameraListQuery,
  downOnly,
  lastPage,
  listHref,
  mapFocusOf,
  multiDivision,
  pageSize,
  parseListState,
  parsePage,
  withDivision,
  withMapFocus,
  withView,
  withoutConditions,
  type ListView,
} from '../list-query.ts';
import { useCameraListSlots } from '../camera-list-slots.ts';
import {
  draftOf,
  filterChips,
  filterFunctions,
  unknownTagAction,
  withDraft,
  withoutChip,
  withoutTags,
} from '../list-filters.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { KeywordSearch } from './KeywordSearch.tsx';
import { TagModeBar } from './TagModeBar.tsx';
import { CameraRows } from './CameraRows.tsx';
import { CameraTiles } from './CameraTiles.tsx';
import { ListPager } from './ListPager.tsx';
import { onFirstOpen } from '../../../components/ui/on-first-open.tsx';

// The information and filter dialogs load when they first open (issue 19).
const CameraInfoDialog = onFirstOpen(
  async () => (await import('./CameraInfoDialog.tsx')).CameraInfoDialog,
  (props: { code: string | null }) => props.code !== null,
);
const FilterDialog = onFirstOpen(
  async () => (await import('./FilterDialog.tsx')).FilterDialog,
  (props: { opened: boolean }) => props.opened,
);

/** The multi-video tab is for PC-sized screens only (core.md §2; advanced.md §6 "PC only"). */
const PC_QUERY = `(min-width: ${BREAKPOINTS.pc}px)`;

export default function CameraListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const page = parsePage(params.page);
  const { tags, tagList, TagDialog, MultiWall, CameraMap } = useCameraListSlots();
  const isPc = useMediaQuery(PC_QUERY, window.matchMedia(PC_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const canMulti = isPc && !!MultiWall;
  const asked = parseListState(search);
  // A multi-video link opened on a small screen shows the list.
  const state = asked.view === 'multi' && !canMulti ? { ...asked, view: 'list' as const } : asked;
  const { environmentMode } = useEnvSettings();
  const { data: rights } = useQuery({ ...meQueryOptions, select: (user) => user.permissions });
  const [display] = useBrowserState('displaySettings');
  const [infoCode, setInfoCode] = useState<string | null>(null);
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [isTagMode, setTagMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tagDialog, setTagDialog] = useState<{ codes: string[]; editing: boolean } | null>(null);
  const tltMode = isTltMode(environmentMode);
  const offeredFunctions = filterFunctions(tltMode);
  const chips = filterChips(state);
  const cameras = useCameras(cameraListQuery(page, state));
  const data = cameras.data;
  const last = data ? lastPage(data.total, pageSize(state)) : page;

  const go = (nextPage: number, nextSearch: URLSearchParams, replace = false) =>
    navigate(listHref(nextPage, nextSearch), { replace });

  // A page beyond the total, or a malformed page, goes to a page that exists.
  const rawPage = params.page;
  const settled = data && !cameras.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    if (page > last || String(page) !== rawPage)
      void navigate(listHref(Math.min(page, last), search), { replace: true });
  }, [settled, page, last, rawPage, search, navigate]);

  // A deleted tag leaves the filters and the address (a filter change: page 1). An old tag list is asked again
  // once before a code it lacks is dropped.
  const tagCodes = useMemo(() => tags.map((tag) => tag.tag_code), [tags]);
  const filterTags = useMemo(() => parseListState(search).tags, [search]);
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!tagList) return;
    const action = unknownTagAction(
      { tags: filterTags },
      { codes: tagCodes, loadedAt: tagList.loadedAt, isFetching: tagList.isFetching },
      Date.now(),
    );
    if (action.kind === 'drop')
      void navigate(listHref(1, withoutTags(search, action.codes)), { replace: true });
    else if (action.kind === 'refresh' && refreshedFor.current !== search.toString()) {
      refreshedFor.current = search.toString();
      void tagList.refresh();
    }
  }, [tagList, tagCodes, filterTags, search, navigate]);

  const toggleSelected = (code: string) => {
    const next = new Set(selected);
    if (!next.delete(code)) next.add(code);
    setSelected(next);
  };
  const selectPage = (select: boolean) => {
    const next = new Set(selected);
    for (const camera of data?.cameras ?? []) {
      if (select) next.add(camera.camera_code);
      else next.delete(camera.camera_code);
    }
    setSelected(next);
  };
  const toggleTagMode = () => {
    setTagMode(!isTagMode);
    setSelected(new Set());
  };

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.list')}</PageTitle>
      <KeywordSearch hiddenFrom="sm" mb="sm" />
      {data && data.watch.down > 0 && display.showDownNotice && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          mb="sm"
          role="status"
          data-testid="down-notice"
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('cameras.downNotice', { count: data.watch.down })}</Text>
            {state.watchStatus !== 'down' && (
              <Button size="xs" color="red" variant="outline" onClick={() => void go(1, downOnly(search))}>
                {t('cameras.showDown')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Tabs
        value={state.view}
        onChange={(view) => view && void go(page, withView(search, view as ListView))}
        keepMounted={false}
      >
        <Group justify="space-between" mb="sm" gap="xs">
          <Tabs.List aria-label={t('cameras.views')}>
            <Tabs.Tab value="list" leftSection={<IconList size={16} aria-hidden />}>
              {t('cameras.list')}
            </Tabs.Tab>
            <Tabs.Tab value="tile" leftSection={<IconLayoutGrid size={16} aria-hidden />}>
              {t('cameras.tile')}
            </Tabs.Tab>
            {CameraMap && (
              <Tabs.Tab value="map" leftSection={<IconMap size={16} aria-hidden />}>
                {t('cameras.map')}
              </Tabs.Tab>
            )}
            {canMulti && (
              <Tabs.Tab value="multi" leftSection={<IconVideo size={16} aria-hidden />}>
                {t('cameras.multi')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Group gap="xs">
            {data && (
              <Text size="sm" c="dimmed" data-testid="camera-total">
                {t('cameras.total', { count: data.total })}
              </Text>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFilter size={14} aria-hidden />}
              rightSection={
                chips.length > 0 ? (
                  <Badge size="xs" circle aria-hidden>
                    {chips.length}
                  </Badge>
                ) : undefined
              }
              onClick={() => setFilterOpen(true)}
            >
              {t('cameraList.filter')}
            </Button>
            {state.view === 'list' && TagDialog && (
              <Button
                size="xs"
                variant={isTagMode ? 'filled' : 'default'}
                aria-pressed={isTagMode}
                leftSection={<IconTag size={14} aria-hidden />}
                onClick={toggleTagMode}
              >
                {t('cameraList.tagMode')}
              </Button>
            )}
            {TagDialog && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTags size={14} aria-hidden />}
                onClick={() => setTagDialog({ codes: [], editing: true })}
              >
                {t('cameraList.manageTags')}
              </Button>
            )}
          </Group>
        </Group>
        <ActiveFilters
          chips={chips}
          tags={tags}
          onRemove={(chip) => void go(1, withoutChip(search, chip))}
          onClearAll={() => void go(1, withoutConditions(search))}
        />
        {isTagMode && state.view === 'list' && data && data.cameras.length > 0 && (
          <TagModeBar
            pageCodes={data.cameras.map((camera) => camera.camera_code)}
            selected={selected}
            onSelectPage={selectPage}
            onClear={() => setSelected(new Set())}
            onSelectTag={() => setTagDialog({ codes: [...selected], editing: false })}
          />
        )}
        {cameras.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('cameras.loading')} />
          </Center>
        ) : cameras.isError ? (
          <QueryErrorState
            message={t('cameras.loadFailed')}
            error={cameras.error}
            onRetry={cameras.refetch}
            isRetrying={cameras.isFetching}
          />
        ) : data && data.cameras.length === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <Text>{t('messages.noMatchingCamera')}</Text>
            <Button variant="outline" onClick={() => void go(1, withoutConditions(search))}>
              {t('cameras.clearConditions')}
            </Button>
          </Stack>
        ) : data ? (
          <Stack
            gap="md"
            aria-busy={cameras.isFetching}
            style={{ opacity: cameras.isPlaceholderData ? 0.6 : 1 }}
          >
            <Tabs.Panel value="list">
              <CameraRows
                cameras={data.cameras}
                tltMode={tltMode}
                canAnalytics={rights?.analytics ?? false}
                canHeatmap={rights?.heatmap ?? false}
                onInfo={setInfoCode}
                onSelectTag={
                  TagDialog ? (code) => setTagDialog({ codes: [code], editing: false }) : undefined
                }
                onShowOnMap={CameraMap ? (camera) => void go(page, withMapFocus(search, camera)) : undefined}
                selection={isTagMode ? { selected, onToggle: toggleSelected } : null}
              />
            </Tabs.Panel>
            <Tabs.Panel value="tile">
              <CameraTiles cameras={data.cameras} />
            </Tabs.Panel>
            {state.view === 'multi' && MultiWall && (
              <Tabs.Panel value="multi">
                <MultiWall
                  cameras={data.cameras}
                  division={multiDivision(state)}
                  onDivisionChange={(division) => void go(page, withDivision(search, division))}
                  pager={
                    <ListPager page={Math.min(page, last)} last={last} onChange={(p) => void go(p, search)} />
                  }
                />
              </Tabs.Panel>
            )}
            {state.view === 'map' && CameraMap && (
              <Tabs.Panel value="map">
                <CameraMap
                  conditions={{
                    filter: state.filter,
                    tags: state.tags,
                    func: state.func,
                    watch_status: state.watchStatus ?? undefined,
                  }}
                  cameras={data.cameras}
                  focus={mapFocusOf(search)}
                  pager={
                    <ListPager page={Math.min(page, last)} last={last} onChange={(p) => void go(p, search)} />
                  }
                />
              </Tabs.Panel>
            )}
            {state.view !== 'multi' && state.view !== 'map' && (
              <ListPager page={Math.min(page, last)} last={last} onChange={(p) => void go(p, search)} />
            )}
          </Stack>
        ) : null}
      </Tabs>
      <CameraInfoDialog code={infoCode} onClose={() => setInfoCode(null)} />
      <FilterDialog
        opened={isFilterOpen}
        initial={draftOf(state)}
        functions={offeredFunctions}
        tags={tags}
        onClose={() => setFilterOpen(false)}
        onApply={(draft) => {
          setFilterOpen(false);
          void go(1, withDraft(search, draft, offeredFunctions));
        }}
      />
      {TagDialog && (
        <TagDialog
          opened={tagDialog !== null}
          cameraCodes={tagDialog?.codes ?? []}
          editing={tagDialog?.editing}
          onClose={() => setTagDialog(null)}
          onAssigned={() => setSelected(new Set())}
        />
      )}
    </Box>
  );
}
