// The release notes the demo shows.

export const demoReleases = [
  {
    version: '2.78.0',
    released_on: '2026-11-01',
    message: 'カメラ一覧の表示を高速化しました。 / Faster camera list.',
  },
  {
    version: '2.77.0',
    released_on: '2026-09-15',
    message: 'デバイス認証に対応しました。 / Device authentication.',
  },
];
