// The 360-degree viewer's coach mark is shown once per browser session (advanced.md §2, §4): the flag lives
// in sessionStorage, so a new tab session shows it again. Storage that is unavailable shows it every time.
const KEY = 'camwatch.fisheyeCoachMarkShown';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const shouldShowCoachMark = (): boolean => session()?.getItem(KEY) !== '1';

export function markCoachMarkShown(): void {
  try {
    session()?.setItem(KEY, '1');
  } catch {
    // quota or disabled storage: shown again next time
  }
}
