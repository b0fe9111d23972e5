// What a route shows when its screen could not load (a chunk that failed or took over 120 s), its data could
// not be read (a 5xx or no answer in its loader: the error state, which asks again by itself; issue 17 point 3)
// or it broke.
import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useEffect } from 'react';
import { isRouteErrorResponse, Navigate, useRevalidator, useRouteError } from 'react-router';
import { QueryErrorState } from '../components/ui/QueryErrorState.tsx';
import { ApiError } from '../lib/api-client.ts';
import { isRetryableError } from '../lib/query-retry.ts';
import { reportClientError } from '../features/debug/install-error-reporting.ts';
import { TimeoutError } from '../lib/with-timeout.ts';

const isChunkError = (error: unknown) =>
  error instanceof TimeoutError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    ));

/** A loader's read that failed for a passing reason (5xx, no answer): not a bug, and worth asking again. */
const isDataError = (error: unknown) =>
  (error instanceof ApiError || (error instanceof TypeError && /fetch|network/i.test(error.message))) &&
  isRetryableError(error);

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  // A chunk that failed to load is a TypeError about fetching too ("Failed to fetch dynamically imported
  // module"): it needs a reload of the page, not another run of the loaders.
  const isData = !isChunkError(error) && isDataError(error);
  useEffect(() => {
    // A screen that broke is worth a report for the debug screen (a missing page or an unreachable server is not).
    if (!isNotFound && !isData) reportClientError(error);
  }, [error, isNotFound, isData]);
  if (isNotFound) return <Navigate to="/notfound" replace />;
  if (isData)
    return (
      <Box p={{ base: 'sm', sm: 'md' }}>
        <QueryErrorState
          message={t('messages.commonError')}
          error={error}
          onRetry={revalidator.revalidate}
          isRetrying={revalidator.state === 'loading'}
        />
      </Box>
    );
  const message = isChunkError(error) ? t('messages.chunkLoadFailed') : t('messages.commonError');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={480} role="alert">
        <Title order={2}>{t('common.appName')}</Title>
        <Text ta="center">{message}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
