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

// Dialogs load their code when first opened (AppDialog.tsx); tests render them open and look at them at once.
const { preloadAppDialog } = await import('./components/ui/AppDialog.tsx');
await preloadAppDialog();
