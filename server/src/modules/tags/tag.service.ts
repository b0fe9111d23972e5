// Camera tags of the caller's customer (core.md §2, §7).
import type { Tag } from '@camwatch/contract/tags';
import type { AuthContext } from '../../http/auth-context.ts';
import type { TagRepository } from './tag.repository.ts';

export class TagService {
  constructor(private readonly tags: TagRepository) {}

  list(auth: AuthContext): Promise<Tag[]> {
    return this.tags.listWithCameras(auth.user.customerId);
  }
}
