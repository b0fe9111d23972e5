// `device-token issue|list|revoke <camera_code>`: the credentials camera agents upload with. A token is
// printed once, when issued; only its hash is kept.
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { DeviceAuth } from '../ingest/device-auth.ts';
import { DeviceCameraRepository } from '../ingest/device-camera.repository.ts';
import { DeviceTokenRepository } from '../ingest/device-token.repository.ts';
import { DomainError } from '../lib/errors.ts';

export const DEVICE_TOKEN_USAGE = `  device-token issue CAMERA_CODE [--label TEXT]         (prints the new token once; keep it)
  device-token list CAMERA_CODE
  device-token revoke CAMERA_CODE [TOKEN_ID]             (every token of the camera when no id)`;

/** A mistake of the operator's; run-cli prints its message. */
const usage = (message: string) => new DomainError(400, 'bad_request', message);

const tokenIdSchema = z.coerce.number().int().positive();

export async function runDeviceTokenCommand(
  command: 'issue' | 'list' | 'revoke',
  args: string[],
  options: { label?: string },
  db: Db,
  print: (value: unknown) => void,
): Promise<void> {
  const [cameraCode, tokenIdText, ...extra] = args;
  if (!cameraCode) throw usage(`device-token ${command}: give the camera code`);
  if (extra.length > 0 || (tokenIdText !== undefined && command !== 'revoke'))
    throw usage(`device-token ${command}: unexpected "${[tokenIdText, ...extra].join(' ')}"`);
  const camera = await new DeviceCameraRepository(db).findByCode(cameraCode);
  if (!camera) throw usage(`no camera with code "${cameraCode}"`);
  const auth = new DeviceAuth(new DeviceTokenRepository(db));

  switch (command) {
    case 'issue': {
      const label = options.label ?? '';
      if (label.length > 100) throw usage('--label: at most 100 characters');
      const { id, token } = await auth.issue(camera.id, label);
      return print({ id, camera: camera.code, label, token });
    }
    case 'list':
      for (const t of await auth.list(camera.id))
        print({
          id: t.id,
          label: t.label,
          created_at: t.created_at,
          last_used_at: t.last_used_at,
          revoked_at: t.revoked_at,
        });
      return;
    case 'revoke': {
      let tokenId: number | undefined;
      if (tokenIdText !== undefined) {
        const parsed = tokenIdSchema.safeParse(tokenIdText);
        if (!parsed.success) throw usage(`token id must be a positive number, not "${tokenIdText}"`);
        tokenId = parsed.data;
      }
      const revoked = await auth.revoke(camera.id, tokenId);
      if (tokenId !== undefined && revoked === 0)
        throw usage(`camera "${camera.code}" has no live token ${tokenId}`);
      return print({ ok: true, revoked });
    }
  }
}
