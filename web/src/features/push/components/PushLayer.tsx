// Web push while logged in: learns the state at start, renews the subscription every 600000 ms (core.md §9)
// so it never runs out while the app is open, refreshes the notification counts when the service worker
// reports a push, and offers push after login.
import { PUSH_SUBSCRIPTION_UPDATE_MS } from '@camwatch/contract/constants';
import { useEffect } from 'react';
import { queryClient } from '../../../lib/query-client.ts';
import { isPushSupported, refreshPush } from '../push-client.ts';
import { PushOfferDialog } from './PushOfferDialog.tsx';

export function PushLayer() {
  useEffect(() => {
    void refreshPush({ renew: true }).catch(() => undefined);
    const timer = window.setInterval(
      () => void refreshPush({ renew: true }).catch(() => undefined),
      PUSH_SUBSCRIPTION_UPDATE_MS,
    );
    // Permission changed in the browser's site settings while the tab was away.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshPush().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'push')
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    };
    if (isPushSupported()) navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      if (isPushSupported()) navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, []);
  return <PushOfferDialog />;
}
