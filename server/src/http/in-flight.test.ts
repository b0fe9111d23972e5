// Shutdown waits for running handlers before the database closes.
import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.ts';

describe('InFlight', () => {
  it('is idle at once when nothing runs', async () => {
    expect(await new InFlight().idle(10)).toBe(true);
  });

  it('waits for running work, including work that fails', async () => {
    const inFlight = new InFlight();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ok = inFlight.run(() => gate);
    const failing = inFlight.run(async () => {
      await gate;
      throw new Error('boom');
    });
    expect(inFlight.size).toBe(2);
    const idle = inFlight.idle(5_000);
    release();
    await ok;
    await expect(failing).rejects.toThrow('boom');
    expect(await idle).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it('gives up after the timeout and says so', async () => {
    const inFlight = new InFlight();
    void inFlight.run(() => new Promise(() => {}));
    expect(await inFlight.idle(20)).toBe(false);
  });
});
