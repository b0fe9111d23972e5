// Whether this browser has what the app needs; others see the not-recommended-browser dialog (core.md §2).
export function isSupportedBrowser(): boolean {
  if (typeof window === 'undefined') return true;
  const w = window as unknown as Record<string, unknown>;
  const ua = navigator.userAgent;
  if (/MSIE |Trident\//.test(ua) || /Edge\/\d/.test(ua)) return false; // Internet Explorer, pre-Chromium Edge
  return (
    typeof w.fetch === 'function' &&
    typeof w.IntersectionObserver === 'function' &&
    typeof w.ResizeObserver === 'function' &&
    typeof structuredClone === 'function' &&
    typeof CSS !== 'undefined' &&
    CSS.supports('display', 'grid')
  );
}
