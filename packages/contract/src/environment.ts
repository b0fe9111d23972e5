// Environment modes and experimental features (core.md §1, §9; advanced.md §1) and the rules on them. Pure.

export const environmentModes = ['normal', 'L21', 'TLT:3'] as const;
export type EnvironmentMode = (typeof environmentModes)[number];

/** The only experimental feature (advanced.md §1). */
export const experimentalFeatures = ['lighting'] as const;
export type ExperimentalFeature = (typeof experimentalFeatures)[number];

/** TLT modes unlock entry detection, person tracking and operation analysis (core.md §1). */
export const isTltMode = (mode: EnvironmentMode): boolean => mode.startsWith('TLT');

/**
 * Releases in the side navigation and the Announcement notification tab appear "for certain environment
 * modes" (core.md §2, §9; advanced.md §1), which the spec does not name. L21 is the reduced time-lapse
 * product line without live functions, so we leave them out there and show them in the others.
 */
export const modeShowsReleases = (mode: EnvironmentMode): boolean => mode !== 'L21';
export const modeShowsAnnouncements = (mode: EnvironmentMode): boolean => mode !== 'L21';
