// What the setting screen shows from other features, handed in by the app shell (features do not import one
// another): the web push section.
import { createContext, useContext, type ComponentType } from 'react';

export interface SettingsSlots {
  PushSection: ComponentType | null;
}

export const SettingsSlotsContext = createContext<SettingsSlots>({ PushSection: null });

export const useSettingsSlots = () => useContext(SettingsSlotsContext);
