// Background media work (motion decoding, joining downloads) runs at the lowest CPU priority, so on a
// small machine it takes what the API leaves and never delays live stills or uploads.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';

export const BACKGROUND_PRIORITY = 19;

/** Lowers the child's scheduling priority; a platform that refuses leaves it as it is. */
export function runInBackground<T extends ChildProcess>(child: T): T {
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, BACKGROUND_PRIORITY);
    } catch {
      // not permitted here: the job still runs, just at normal priority
    }
  }
  return child;
}
