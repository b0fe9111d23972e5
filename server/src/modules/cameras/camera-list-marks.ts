// Places in a customer's unfiltered camera list seen on pages already served, so a later page is read by
// keyset from the nearest one instead of skipping every camera before it (issue 19: page 1,000 of 100,000
// cameras skipped 50,000 index entries). A mark says "the camera at position p of the list, in list order
// (name, then id), has this name and id"; each page served leaves two, its first and its last camera.
//
// Marks hold only while the customer's browse version (customers.browse_version, read with the session) is
// the one they were seen at: any added, removed or renamed camera bumps it and the marks are dropped. They
// are positions, not answers, so whatever page size a client asks for can use them. Bounded per customer
// and in customers; the least recently used go first.

/** A camera's place in the list order. */
export interface ListKey {
  name: string;
  id: number;
}

/** The camera at 0-based `position` of the list has `key`. */
export interface ListMark {
  position: number;
  key: ListKey;
}

interface CustomerMarks {
  version: number;
  marks: ListMark[];
}

export class CameraListMarks {
  private readonly customers = new Map<number, CustomerMarks>();

  constructor(
    private readonly maxCustomers = 1_000,
    private readonly maxMarksPerCustomer = 256,
  ) {}

  /** The marks seen for the customer at `version` (none once the version moved on). */
  get(customerId: number, version: number): readonly ListMark[] {
    const kept = this.customers.get(customerId);
    if (!kept) return [];
    if (kept.version !== version) {
      this.customers.delete(customerId);
      return [];
    }
    this.customers.delete(customerId);
    this.customers.set(customerId, kept);
    return kept.marks;
  }

  add(customerId: number, version: number, seen: ListMark[]): void {
    if (seen.length === 0) return;
    let kept = this.customers.get(customerId);
    if (!kept || kept.version !== version) kept = { version, marks: [] };
    this.customers.delete(customerId);
    this.customers.set(customerId, kept);
    for (const mark of seen) {
      const known = kept.marks.findIndex((m) => m.position === mark.position);
      if (known >= 0) kept.marks.splice(known, 1);
      kept.marks.push(mark);
    }
    if (kept.marks.length > this.maxMarksPerCustomer)
      kept.marks.splice(0, kept.marks.length - this.maxMarksPerCustomer);
    for (const oldest of this.customers.keys()) {
      if (this.customers.size <= this.maxCustomers) break;
      this.customers.delete(oldest);
    }
  }
}
