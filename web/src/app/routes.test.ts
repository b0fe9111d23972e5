import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
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

describe('no route renders a title-only page (issue 21 point 8)', () => {
  it('still matches the analytics screens that exist', () => {
    const routes = buildRoutes(settings);
    for (const path of [
      '/detail/c1/operation-analysis',
      '/detail/c1/entry-detection',
      '/location/s1/people-counter',
    ])
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).not.toBe('*');
  });

  it('has the operation analysis results and one result (issue 15), their own page names, loaded on demand', () => {
    const routes = buildRoutes(settings);
    for (const [path, route, page] of [
      ['/operation-analysis/results', 'operation-analysis/results', 'operation_analysis_results'],
      ['/operation-analysis/results/7', 'operation-analysis/results/:id', 'operation_analysis_result_detail'],
    ]) {
      const matched = matchRoutes(routes, path!)?.at(-1)?.route;
      expect(matched?.path).toBe(route);
      expect(matched?.handle).toEqual({ page });
      expect(matched?.loader).toBeTypeOf('function');
    }
  });

  it('has the person tracking results and one result (issue 15), their own page names, loaded on demand', () => {
    const routes = buildRoutes(settings);
    for (const [path, route, page] of [
      ['/person-tracking/results', 'person-tracking/results', 'person_tracking_results'],
      ['/person-tracking/results/12', 'person-tracking/results/:id', 'person_tracking_result_detail'],
    ]) {
      const matched = matchRoutes(routes, path!)?.at(-1)?.route;
      expect(matched?.path).toBe(route);
      expect(matched?.handle).toEqual({ page });
      expect(matched?.loader).toBeTypeOf('function');
    }
  });

  it('has the heat map screen (issue 14), its own page name, loaded on demand', () => {
    const routes = buildRoutes(settings);
    const matched = matchRoutes(routes, '/heatmap')?.at(-1)?.route;
    expect(matched?.path).toBe('heatmap');
    expect(matched?.handle).toEqual({ page: 'heatmap' });
    expect(matched?.Component).toBeTypeOf('function');
    expect(matched?.loader).toBeTypeOf('function');
  });
});
