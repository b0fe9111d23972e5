// How the project launches Debian's Chromium (never a downloaded browser), for the end-to-end tests and the
// browser benchmarks. Without the background-networking flags Chromium tries hosts this machine cannot reach.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
