// One chosen camera's card on the heat map screen: its name (a link to its detail page) and its heat map of the
// chosen period, or of both periods when comparing. While loading it waits; a camera without the heat map
// function (or not the user's) says it cannot be shown, a refused right says so, other failures ask again
// (QueryErrorState). A new choice keeps the last heat map on screen, dimmed, until the answer comes.
import { Alert, Anchor, Card, Loader, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useHeatmap } from '../api/get-heatmap.ts';
import type { HeatmapView, Period } from '../heatmap-rules.ts';
import { HeatmapResult } from './HeatmapResult.tsx';

const NO_PERIOD: Period = { start: '', end: '' };

export interface HeatmapCardProps {
  cameraCode: string;
  /** The camera's name while its heat map has not come (from the camera list), else its code. */
  knownName: string | undefined;
  view: HeatmapView;
  timeZone: string;
  periodText: (period: Period) => string;
  language: string;
}

export function HeatmapCard({
  cameraCode,
  knownName,
  view,
  timeZone,
  periodText,
  language,
}: HeatmapCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const current = useHeatmap(cameraCode, view, view, timeZone);
  // Not comparing, the second query waits on a period that is never asked for: turning the comparison on then
  // shows the card loading instead of the chosen period's heat map as a placeholder for the compared one.
  const compared = useHeatmap(cameraCode, view.compare ?? NO_PERIOD, view, timeZone, view.compare !== null);
  const name = current.data?.camera_name ?? knownName ?? cameraCode;
  const queries = view.compare ? [current, compared] : [current];
  const failed = queries.find((query) => query.isError);
  const status = failed?.error instanceof ApiError ? failed.error.status : null;
  const isStale = queries.some((query) => query.isPlaceholderData);

  let body;
  if (failed && status === 403)
    body = (
      <Alert color="yellow" data-testid="heatmap-no-permission">
        {t('messages.noPermission')}
      </Alert>
    );
  else if (failed && (status === 404 || status === 400))
    body = (
      <Alert color="yellow" data-testid="heatmap-not-available">
        {t('heatmap.notAvailable')}
      </Alert>
    );
  else if (failed)
    body = (
      <QueryErrorState
        message={t('heatmap.loadFailed')}
        error={failed.error}
        onRetry={failed.refetch}
        isRetrying={failed.isFetching}
      />
    );
  else if (!current.data || (view.compare && !compared.data))
    body = <Loader size="sm" aria-label={t('heatmap.loading', { name })} />;
  else
    body = (
      <div style={{ opacity: isStale ? 0.6 : 1 }} aria-busy={isStale || undefined}>
        <HeatmapResult
          current={{ heatmap: current.data, periodText: periodText(view) }}
          compared={
            view.compare && compared.data
              ? { heatmap: compared.data, periodText: periodText(view.compare) }
              : null
          }
          language={language}
        />
      </div>
    );

  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={titleId} data-testid="heatmap-card">
      <Stack gap="xs">
        <Title order={2} size="h5" id={titleId}>
          <Anchor component={Link} to={`/detail/${encodeURIComponent(cameraCode)}`} inherit>
            {name}
          </Anchor>
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
