// Release information (advanced.md §1, §3): version, date and message, newest first. Release notes belong to
// the product, not to a customer, so every logged-in user sees the same list.
import type { Release } from '@camwatch/contract/releases';
import type { ReleaseRepository } from './release.repository.ts';

export class ReleaseService {
  constructor(private readonly releases: ReleaseRepository) {}

  async list(): Promise<Release[]> {
    const rows = await this.releases.listForDisplay();
    return rows.map((row) => ({ version: row.version, date: row.date, message: row.message }));
  }
}
