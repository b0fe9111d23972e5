// /heatmap (advanced.md heat map, §2, §9; issue 14): where people stood in the chosen cameras' pictures over a
// period, one card per camera side by side, optionally beside a second period on one colour scale. The choices
// live in the address, so `/heatmap?cameras=CODE` (the camera detail page's link) opens a camera's heat map;
// without a camera named, the first camera with the heat map function is chosen. Needs the heatmap right. The
// chosen cameras and filters can be downloaded as one ZIP of images (batch download, the batchDownload right),
// and the user's recent batches are folded under the cards.
import { Alert, Box, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { daysInRange, todayIn } from '@camwatch/contract/heatmap-rules';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { heatmapTimeZone } from '../api/get-heatmap.ts';
import { useHeatmapCameras } from '../api/get-heatmap-cameras.ts';
import { searchOf, viewOf, type HeatmapView, type Period } from '../heatmap-rules.ts';
import { HeatmapCard } from './HeatmapCard.tsx';
import { HeatmapDownloadButton } from './HeatmapDownloadButton.tsx';
import { HeatmapDownloadList } from './HeatmapDownloadList.tsx';
import { HeatmapNoPermission } from './HeatmapNoPermission.tsx';
import { HeatmapOptions } from './HeatmapOptions.tsx';

const slashed = (day: string) => day.replaceAll('-', '/');

export default function HeatmapPage() {
  const me = useMe();
  if (!me.permissions.heatmap) return <HeatmapNoPermission />;
  return <HeatmapScreen />;
}

function HeatmapScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const canDownload = useMe().permissions.batchDownload;
  const [search, setSearch] = useSearchParams();
  const timeZone = heatmapTimeZone();
  const today = todayIn(timeZone);
  const view = viewOf(search, today);
  const firstPage = useHeatmapCameras('');
  const names = useMemo(
    () => new Map((firstPage.data?.cameras ?? []).map((camera) => [camera.camera_code, camera.camera_name])),
    [firstPage.data],
  );

  const setView = (next: Partial<HeatmapView>) =>
    setSearch(searchOf({ ...view, ...next }), { replace: true });
  const periodText = (period: Period) =>
    t('heatmap.periodValue', {
      start: slashed(period.start),
      end: slashed(period.end),
      days: daysInRange(period.start, period.end),
    });

  // Arriving without a camera named, the first heat map camera is chosen, once: a user who then removes every
  // camera is asked to choose instead of getting it back.
  const hasArrived = useRef(false);
  const isChosen = view.cameras.length > 0;
  const firstCode = firstPage.data?.cameras[0]?.camera_code;
  useEffect(() => {
    if (hasArrived.current) return;
    if (isChosen || firstPage.data) hasArrived.current = true;
    if (isChosen || !firstCode) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('cameras', firstCode);
        return next;
      },
      { replace: true },
    );
  }, [isChosen, firstCode, firstPage.data, setSearch]);

  let cards;
  if (isChosen)
    cards = (
      <SimpleGrid
        cols={view.compare ? { base: 1, xl: 2 } : { base: 1, md: 2, xl: 3 }}
        spacing="md"
        data-testid="heatmap-cards"
      >
        {view.cameras.map((code) => (
          <HeatmapCard
            key={code}
            cameraCode={code}
            knownName={names.get(code)}
            view={view}
            timeZone={timeZone}
            periodText={periodText}
            language={language}
          />
        ))}
      </SimpleGrid>
    );
  else if (firstPage.isError)
    cards = (
      <QueryErrorState
        message={t('heatmap.camerasLoadFailed')}
        error={firstPage.error}
        onRetry={firstPage.refetch}
        isRetrying={firstPage.isFetching}
      />
    );
  else if (!firstPage.data || (firstCode && !hasArrived.current))
    // The first camera is about to be chosen.
    cards = <Loader aria-label={t('heatmap.loadingCameras')} />;
  else if (firstPage.data.total === 0)
    cards = (
      <Alert color="blue" variant="light" data-testid="heatmap-no-cameras">
        {t('heatmap.noCameras')}
      </Alert>
    );
  else
    cards = (
      <Text size="sm" c="dimmed" data-testid="heatmap-choose-camera">
        {t('heatmap.chooseCamera')}
      </Text>
    );

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.heatmap')}</PageTitle>
      <Stack gap="lg">
        <Text size="sm" c="dimmed" maw={820} mt={-8} data-testid="heatmap-about">
          {t('heatmap.about')}
        </Text>
        <HeatmapOptions
          view={view}
          today={today}
          setView={setView}
          periodText={periodText}
          cameraNames={names}
        />
        <Group gap="sm">
          <HeatmapDownloadButton view={view} cameraNames={names} today={today} timeZone={timeZone} />
        </Group>
        {cards}
        {canDownload && <HeatmapDownloadList cameraNames={names} />}
      </Stack>
    </Box>
  );
}
