// Counts handlers still running so shutdown can wait for them before closing the database.
// Closing the HTTP server is not enough: a client that hung up leaves its handler running.
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when nothing is running, or after `timeoutMs`; answers whether it drained. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
