// Screens load on demand (advanced.md §2). The route's loader awaits preload(), so the code downloads in
// parallel with the data and a failure (or 120 s without an answer) is a loader error that the route's error
// element shows. (react-router's own route.lazy leaves a failed route "pending" and renders a blank page.)
// Once loaded, the screen renders the module directly: React.lazy would suspend once more, and React
// throttles revealing suspended content, which cost ~800 ms before the login form appeared.
import { createElement, lazy, type ComponentType } from 'react';
import { withTimeout } from '../lib/with-timeout.ts';

/** A chunk that does not arrive within 120 s is an error (advanced.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export interface LazyScreen {
  Component: ComponentType;
  preload: () => Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then((module) => {
      loaded = module.default;
      return module;
    }));
  // Only reached if something renders the screen without its loader having run.
  const Fallback = lazy(preload);
  const Screen = () => createElement(loaded ?? Fallback);
  return { Component: Screen, preload };
}
