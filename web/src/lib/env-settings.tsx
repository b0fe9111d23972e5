// The start-up settings, available to every screen.
import { createContext, useContext } from 'react';
import type { EnvSettings } from '@camwatch/contract/settings';

export const EnvSettingsContext = createContext<EnvSettings | null>(null);

export function useEnvSettings(): EnvSettings {
  const settings = useContext(EnvSettingsContext);
  if (!settings) throw new Error('useEnvSettings outside EnvSettingsContext');
  return settings;
}
