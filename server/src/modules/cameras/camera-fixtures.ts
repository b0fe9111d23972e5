// Test factories for browsing: sites, cameras with any fields, and tags linked to them, straight through
// the repositories. Used by the camera, tag and location route tests.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LocationsTable, NewCamera } from '../../db/schema.ts';
import { newCode } from '../../lib/tokens.ts';
import { LocationRepository } from '../locations/location.repository.ts';
import { TagRepository } from '../tags/tag.repository.ts';
import { CameraRepository } from './camera.repository.ts';

type SiteFields = Omit<Insertable<LocationsTable>, 'customer_id' | 'code'>;
type CameraFields = Omit<NewCamera, 'customer_id' | 'code'>;

export function addSite(db: Db, customerId: number, fields: SiteFields) {
  return new LocationRepository(db).insert({ ...fields, customer_id: customerId, code: newCode('loc') });
}

export function addCamera(db: Db, customerId: number, fields: CameraFields) {
  return new CameraRepository(db).insert({ ...fields, customer_id: customerId, code: newCode('cam') });
}

export async function addTag(db: Db, customerId: number, name: string, cameraIds: number[] = []) {
  const tags = new TagRepository(db);
  const tag = await tags.insert(customerId, newCode('tag'), name);
  await tags.link(customerId, tag.id, cameraIds);
  return tag;
}

/** The codes in a camera list answer, in order. */
export const codesOf = (body: { data: { cameras: { camera_code: string }[] } }): string[] =>
  body.data.cameras.map((c) => c.camera_code);

/** A query string from values, repeating array values (`func[]=a&func[]=b`). */
export function queryString(params: Record<string, string | number | (string | number)[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const item of [value].flat()) search.append(key, String(item));
  return search.toString();
}
