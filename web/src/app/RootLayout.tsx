// Wraps every route: sets the page name as the body class (core.md §2).
import { Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageLoader } from '../components/ui/PageLoader.tsx';
import type { RouteHandle } from './routes.tsx';

export function RootLayout() {
  const matches = useMatches();
  const page = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.page)?.handle as
    RouteHandle | undefined;
  useEffect(() => {
    document.body.className = page?.page ?? '';
  }, [page?.page]);
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
