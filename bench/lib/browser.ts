// Debian's Chromium via Playwright, launched exactly as the end-to-end tests launch it.
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';

export const launchChromium = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions);
