// Screens load on demand (advanced.md §2): React.lazy inside a static route rather than react-router's
// route.lazy, because a failed route.lazy leaves the route "pending" and renders a blank page instead of
// its error element. The route's loader calls preload(), so the chunk downloads in parallel with the data.
import { lazy, type ComponentType } from 'react';
import { withTimeout } from '../lib/with-timeout.ts';

/** A chunk that does not arrive within 120 s is an error (advanced.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export interface LazyScreen {
  Component: ComponentType;
  preload: () => Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS));
  return { Component: lazy(preload), preload };
}
