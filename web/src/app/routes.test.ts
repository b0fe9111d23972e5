import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { EnvSettings } from '@camwatch/contract/settings';
import { buildRoutes } from './routes.tsx';

const settings: EnvSettings = {
  environmentMode: 'TLT:3',
  experimentalFeatures: [],
  gaTrackingId: null,
  googleMapsApiKey: null,
  adminSystemUrl: null,
  partnerSiteUrl: null,
  contactUrl: '/help#contact',
  mapTileUrl: 'https://tile.example/{z}/{x}/{y}.png',
  mapAttribution: 'tiles',
  version: '2.78.0',
};

/** Each route without children, with its full path (`/(index)` for an index route). */
function leaves(routes: readonly RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const path = `${parent}/${route.index ? '(index)' : (route.path ?? '')}`.replace(/\/+/g, '/');
    return route.children?.length ? leaves(route.children, path) : [{ path, route }];
  });
}

describe('route config (core.md §2)', () => {
  it('gives every leaf route an element, so react-router has no "Matched leaf route" warning (issue 17 point 8)', () => {
    const missing = leaves(buildRoutes(settings))
      .filter(({ route }) => route.element === undefined && !route.Component && !route.lazy)
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('still redirects `/` and unknown paths by their loaders', () => {
    const all = leaves(buildRoutes(settings));
    expect(all.find((leaf) => leaf.path === '/(index)')?.route.loader).toBeTypeOf('function');
    expect(all.find((leaf) => leaf.path === '/*')?.route.loader).toBeTypeOf('function');
  });
});
