// The PTZ preset name's rule (issue 20), the server's own (contract camera-control ptzPresetSaveBody): 1 to 64
// characters once trimmed.
export const PRESET_NAME_MAX = 64;

export type PresetNameError = 'required' | 'tooLong';

/** What is wrong with a preset name as typed, or null. */
export function presetNameError(name: string): PresetNameError | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > PRESET_NAME_MAX) return 'tooLong';
  return null;
}
