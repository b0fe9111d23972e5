// A screen's data could not be read (issue 17 point 3; core.md §8): the screen's message in place of its
// content, a retry button, and, when asking again may help (5xx or no answer, never a 4xx), a retry by itself
// with the spec's backoff (5 s doubled, at most 5 times; lib/query-retry.ts) with its countdown. The common
// error toast of each failed attempt still comes from the API client, at most one at a time.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { autoRetryDelayMs, isRetryableError } from '../../lib/query-retry.ts';

export interface QueryErrorStateProps {
  /** The screen's own words for what could not be read. */
  message: string;
  error: unknown;
  /** Asks again (a query's refetch, a route's revalidate). */
  onRetry: () => unknown;
  /** Whether a retry is on its way. */
  isRetrying?: boolean;
}

export function QueryErrorState({ message, error, onRetry, isRetrying = false }: QueryErrorStateProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [dueAt, setDueAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const canAutoRetry = isRetryableError(error);
  // The latest retry, so that a caller's new function each render does not restart the wait.
  const retry = useRef(onRetry);
  retry.current = onRetry;

  useEffect(() => {
    if (!canAutoRetry || isRetrying) return setDueAt(null);
    const delay = autoRetryDelayMs(attempt);
    if (delay === null) return setDueAt(null);
    setDueAt(Date.now() + delay);
    setNow(Date.now());
    const timer = setTimeout(() => {
      setAttempt((n) => n + 1);
      void retry.current();
    }, delay);
    return () => clearTimeout(timer);
  }, [canAutoRetry, isRetrying, attempt]);

  useEffect(() => {
    if (dueAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [dueAt]);

  const seconds = dueAt === null ? null : Math.max(1, Math.ceil((dueAt - now) / 1_000));
  return (
    <Alert color="red" variant="light" role="alert" data-testid="query-error">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm">{message}</Text>
          {isRetrying ? (
            <Text size="xs" c="dimmed">
              {t('queryError.retrying')}
            </Text>
          ) : (
            seconds !== null && (
              <Text size="xs" c="dimmed" data-testid="query-error-countdown">
                {t('queryError.autoRetry', { seconds })}
              </Text>
            )
          )}
        </Stack>
        <Button
          size="xs"
          variant="outline"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={isRetrying}
          onClick={() => void onRetry()}
        >
          {t('queryError.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
