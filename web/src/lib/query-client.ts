// The one TanStack Query client of the app.
import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from './query-retry.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a 5xx or a network hiccup may. After these quick retries
      // the screen shows components/ui/QueryErrorState, which keeps asking with the spec's backoff.
      retry: shouldRetryQuery,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
