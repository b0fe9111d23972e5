// What a route shows when its screen could not load (a chunk that failed or took over 120 s) or broke.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useEffect } from 'react';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { reportClientError } from '../features/debug/install-error-reporting.ts';
import { TimeoutError } from '../lib/with-timeout.ts';

const isChunkError = (error: unknown) =>
  error instanceof TimeoutError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    ));

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // A screen that broke is worth a report for the debug screen (a missing page is not).
    if (!isNotFound) reportClientError(error);
  }, [error, isNotFound]);
  if (isNotFound) return <Navigate to="/notfound" replace />;
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
