import '@testing-library/jest-dom/vitest';

// jsdom lacks what Mantine measures with (media queries; the scroll area's and combobox's resize observer). A test
// that needs real sizes sets its own ResizeObserver.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
