// The demo account: its customer, the sign-in of its user (who holds every right) and two child users.
import type { Permissions } from '@camwatch/contract/permissions';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

export const demoCustomer = { code: 'demo', name: 'デモ株式会社' };

export const everyRight: Permissions = {
  live: true,
  archive: true,
  ptz: true,
  modPassword: true,
  modDevauth: true,
  heatmap: true,
  analytics: true,
  configMotion: true,
  configEnterAlert: true,
  configPersonTracking: true,
  configOperationAnalysis: true,
  batchDownload: true,
  lighting: true,
  debug: true,
  admin: true,
  partner: true,
};

export const demoChildren: { email: string; name: string; permissions: Partial<Permissions> }[] = [
  {
    email: 'staff1@example.com',
    name: '店舗スタッフ',
    permissions: { live: true, archive: true, modPassword: true },
  },
  {
    email: 'staff2@example.com',
    name: '警備担当',
    permissions: {
      live: true,
      archive: true,
      ptz: true,
      batchDownload: true,
      modPassword: true,
      modDevauth: true,
    },
  },
];
