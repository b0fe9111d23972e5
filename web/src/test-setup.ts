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

// Menus, popovers, tooltips and the search combobox load their code on first use (first-use.ts); loaded here, the
// components render their full selves at once, as they do in the app once used.
const [tooltip, menu, popover, userMenu, languageMenu, bell, search] = await Promise.all([
  import('./components/ui/FirstUseTooltip.tsx'),
  import('./components/ui/FirstUseMenu.tsx'),
  import('./components/ui/FirstUsePopover.tsx'),
  import('./app/layout/UserMenu.tsx'),
  import('./app/layout/LanguageMenu.tsx'),
  import('./features/notifications/components/NotificationBell.tsx'),
  import('./features/cameras/components/KeywordSearch.tsx'),
]);
await Promise.all([
  tooltip.preloadFirstUseTooltip(),
  menu.preloadFirstUseMenu(),
  popover.preloadFirstUsePopover(),
  userMenu.preloadUserMenu(),
  languageMenu.preloadLanguageMenu(),
  bell.preloadNotificationBell(),
  search.preloadKeywordSearch(),
]);
