// Nothing the app lays over the page hides what is under it (core.md §2 header and feedback; issue 17 point 9):
// the feedback button used to float over the bottom right of every screen, covering the camera rows' function
// icons and menus and the wall's time; toasts covered the header's bell and user menu. At desktop and phone
// sizes, the control at each checked point must be the topmost element there (elementFromPoint at its centre).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { FeedbackDialog } from '../pages/dialogs.ts';
import { MultiWallPage, wallTexts } from '../pages/multi-wall.ts';
import { logInAs } from '../pages/session.ts';
import { ja } from '../pages/texts.ts';

/** Where screenshots go (E2E_SHOTS_DIR keeps them out of the shared test-results folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

// Copied from web/src/locales/ja.ts on purpose (see pages/texts.ts).
const CAMERA_LIST = 'カメラ一覧';

/** Whether the element is what a click at its centre reaches (it or something inside it is topmost there). */
const isTopmostAtCentre = (locator: Locator) =>
  locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });

/**
 * Scrolls the page so the element's centre is `above` px over the footer's top edge: the bottom of the visible
 * page, where the floating button sat (it was 12-56 px above the footer).
 */
async function scrollJustAboveFooter(page: Page, locator: Locator, above = 30) {
  await locator.evaluate((element, gap) => {
    const footer = document.querySelector('footer')!.getBoundingClientRect();
    const r = element.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - (footer.top - gap));
  }, above);
}

/** Checks each element at the bottom of the visible page; answers the labels of covered ones. */
async function coveredNearFooter(page: Page, locator: Locator) {
  const covered: string[] = [];
  for (const element of await locator.all()) {
    await scrollJustAboveFooter(page, element);
    // Only where the page could scroll it there (the last rows sit higher on a short page).
    if (!(await isTopmostAtCentre(element)))
      covered.push((await element.getAttribute('aria-label')) ?? (await element.innerText()));
  }
  return covered;
}

const headerControls = (page: Page) => page.getByRole('banner').getByRole('button');

async function coveredInHeader(page: Page) {
  const covered: string[] = [];
  for (const control of await headerControls(page).all())
    if ((await control.isVisible()) && !(await isTopmostAtCentre(control)))
      covered.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
  return covered;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the feedback button covers no row icon or menu of the camera list', async ({ page }) => {
      await logInAs(page, DEMO);
      const rows = page.getByRole('list', { name: CAMERA_LIST, exact: true }).getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      const targets = rows.locator('[data-function], button[aria-label$="のメニュー"]');
      // 14 cameras on the page, each with a menu and most with function icons.
      expect(await targets.count()).toBeGreaterThan(10);
      expect(await coveredNearFooter(page, targets)).toEqual([]);
      // The button is still there to press, in the footer, itself uncovered.
      const feedback = new AppShell(page).feedbackButton;
      await expect(feedback).toBeVisible();
      expect(await isTopmostAtCentre(feedback)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/overlaps-list-${viewport.name}.png` });
      await feedback.click();
      await expect(new FeedbackDialog(page).root).toBeVisible();
    });

    test('a toast leaves the header’s bell, language and user menus reachable', async ({ page }) => {
      await logInAs(page, DEMO);
      const shell = new AppShell(page);
      const dialog = new FeedbackDialog(page);
      await shell.feedbackButton.click();
      await dialog.message.fill('E2E: 通知とメニューが隠れないこと');
      await dialog.send.click();
      const toast = shell.toast(ja.messages.feedbackThanks);
      await expect(toast).toBeVisible();
      // The dialog's overlay fades out over everything after sending: look once it is gone.
      await expect(dialog.root).toBeHidden();
      await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
      await expect(toast).toBeVisible();
      expect(await headerControls(page).count()).toBeGreaterThanOrEqual(3);
      expect(await coveredInHeader(page)).toEqual([]);
      const header = (await page.getByRole('banner').boundingBox())!;
      expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
      await page.screenshot({ path: `${SHOTS}/overlaps-toast-${viewport.name}.png` });
      await shell.userMenu.click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
  });
}

test.describe('the multi-video wall (desktop only: hidden on small screens)', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the wall’s time and controls are not under the feedback button', async ({ page }) => {
    await logInAs(page, DEMO);
    const wall = new MultiWallPage(page);
    await wall.goto();
    await expect(wall.tiles.first()).toBeVisible();
    await page.getByText(wallTexts.archive, { exact: true }).click();
    const time = page.getByTestId('wall-time');
    await expect(time).toBeVisible();
    expect(await coveredNearFooter(page, time)).toEqual([]);
    expect(await coveredNearFooter(page, wall.controls.getByRole('button'))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/overlaps-wall.png` });
  });
});
