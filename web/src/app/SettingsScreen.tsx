// The setting screen with the sections other features give it (web push).
import SettingsPage from '../features/settings/components/SettingsPage.tsx';
import { SettingsSlotsContext } from '../features/settings/settings-slots.ts';
import { PushSettingSection } from '../features/push/components/PushSettingSection.tsx';

const slots = { PushSection: PushSettingSection };

export default function SettingsScreen() {
  return (
    <SettingsSlotsContext.Provider value={slots}>
      <SettingsPage />
    </SettingsSlotsContext.Provider>
  );
}
