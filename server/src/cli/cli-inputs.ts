// Validation of operator CLI options, with messages that name the option.
import { z } from 'zod';
import { permissionFlags, type Permissions } from '@camwatch/contract/permissions';
import { passwordSchema } from '@camwatch/contract/password-schema';
import type { NewCamera } from '../db/schema.ts';

export const emailOption = z.email({ message: 'must be an email address' });
export const passwordOption = passwordSchema;
export const codeOption = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { message: 'use 2-63 lower-case letters, digits and dashes' });
export const nameOption = z.string().trim().min(1, { message: 'is required' }).max(200);

const allRights = [...permissionFlags, 'admin', 'partner'] as const;

/** `all`, `none` or a comma list of rights (core.md §3 spelling), e.g. `live,archive,ptz`. */
export const rightsOption = z.string().transform((value, ctx): Partial<Permissions> => {
  const words = value
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const out: Partial<Permissions> = {};
  if (words.length === 1 && (words[0] === 'all' || words[0] === 'none')) {
    for (const flag of permissionFlags) out[flag] = words[0] === 'all';
    return out;
  }
  for (const word of words) {
    if (!(allRights as readonly string[]).includes(word)) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown right "${word}"; use all, none or: ${allRights.join(', ')}`,
      });
      return z.NEVER;
    }
    out[word as keyof Permissions] = true;
  }
  return out;
});

export const cameraFeatures = {
  motion: { use_motion: true },
  camera_motion: { use_camera_motion: true },
  heatmap: { use_heatmap: true },
  nolive: { use_nolive: true },
  audio: { use_audio: true },
  people_counter: { use_people_counter: true },
  ptz: { use_ptz: true, can_pan: true, can_tilt: true, can_zoom: true },
  time_lapse: { use_time_lapse: true },
  parking_detect: { use_parking_detect: true },
  streaming: { use_streaming: true },
  enter_alert: { use_enter_alert: true },
  person_tracking: { use_person_tracking: true },
  operation_analysis: { use_operation_analysis: true },
  dewarp: { use_dewarp: true },
} as const satisfies Record<string, Partial<NewCamera>>;

export const featuresOption = z.string().transform((value, ctx) => {
  const out: Partial<NewCamera> = {};
  for (const word of value
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)) {
    const flags = (cameraFeatures as Record<string, Partial<NewCamera>>)[word];
    if (!flags) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown feature "${word}"; use: ${Object.keys(cameraFeatures).join(', ')}`,
      });
      return z.NEVER;
    }
    Object.assign(out, flags);
  }
  return out;
});

export const latitudeOption = z.coerce.number().min(-90).max(90);
export const longitudeOption = z.coerce.number().min(-180).max(180);
export const positiveIntOption = z.coerce.number().int().positive();
export const fpsOption = z.coerce.number().positive().max(120);
export const cidrOption = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
  message: 'must be an address or a CIDR range such as 10.0.0.0/8',
});
export const dateOption = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
