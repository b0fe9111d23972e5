// Camera tags of the caller's customer (core.md §2, §3, §7, §8): list, add, rename, delete, and setting
// or unsetting tags on several cameras at once. Name errors come back under tag_name for the client's toast.
import type { Tag, TagAssignBody } from '@camwatch/contract/tags';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, NotFoundError } from '../../lib/errors.ts';
import { newCode } from '../../lib/tokens.ts';
import type { TagRepository } from './tag.repository.ts';

const nameTaken = () => FieldErrors.of('tag_name', 'a tag with this name already exists', 'taken');
const unique = (codes: readonly string[]): string[] => [...new Set(codes)];

/** The assign body after the contract's defaults are applied. */
export type TagAssignment = Required<TagAssignBody>;

export class TagService {
  constructor(private readonly tags: TagRepository) {}

  list(auth: AuthContext): Promise<Tag[]> {
    return this.tags.listWithCameras(auth.user.customerId);
  }

  /** The name arrives trimmed and within length (contract); it must not be in use yet (ignoring case). */
  async create(auth: AuthContext, name: string): Promise<Tag> {
    const row = await this.tags.insertUnlessNameTaken(auth.user.customerId, newCode('tag'), name);
    if (!row) throw nameTaken();
    return { tag_code: row.code, tag_name: row.name, cameras: [] };
  }

  async rename(auth: AuthContext, tagCode: string, name: string): Promise<Tag> {
    const customerId = auth.user.customerId;
    const outcome = await this.tags.rename(customerId, tagCode, name);
    if (outcome === 'not_found') throw new NotFoundError('tag');
    if (outcome === 'name_taken') throw nameTaken();
    const tag = await this.tags.findWithCameras(customerId, tagCode);
    if (!tag) throw new NotFoundError('tag'); // deleted in the meantime
    return tag;
  }

  async delete(auth: AuthContext, tagCode: string): Promise<void> {
    if (!(await this.tags.delete(auth.user.customerId, tagCode))) throw new NotFoundError('tag');
  }

  /**
   * Sets and unsets tags on cameras in one transaction. Every code must be the customer's own: one unknown
   * or foreign code answers 404 and changes nothing. Answers the whole updated tag list.
   */
  assign(auth: AuthContext, body: TagAssignment): Promise<Tag[]> {
    const customerId = auth.user.customerId;
    const cameraCodes = unique(body.camera_code);
    const setCodes = unique(body.set_tag_code);
    const unsetCodes = unique(body.unset_tag_code);
    return this.tags.transaction(async (tx) => {
      const cameraIds = await tx.cameraIdsByCodes(customerId, cameraCodes);
      if (cameraIds.length !== cameraCodes.length) throw new NotFoundError('camera');
      const setIds = await tx.tagIdsByCodes(customerId, setCodes);
      const unsetIds = await tx.tagIdsByCodes(customerId, unsetCodes);
      if (setIds.length !== setCodes.length || unsetIds.length !== unsetCodes.length)
        throw new NotFoundError('tag');
      await tx.linkMany(customerId, setIds, cameraIds);
      await tx.unlinkMany(customerId, unsetIds, cameraIds);
      return tx.listWithCameras(customerId);
    });
  }
}
