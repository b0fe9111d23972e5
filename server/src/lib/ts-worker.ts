// Worker threads that run one of our TypeScript modules: for pure CPU work that would otherwise hold up the
// server's event loop (drawing images), where a child process (ts-child.ts) would cost a fork of the server.
import { Worker } from 'node:worker_threads';
import { tsChildEnv } from './ts-child.ts';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);

/** Starts a worker thread running `module` (a TypeScript file, e.g. new URL('./x.ts', import.meta.url)). */
export function startTsWorker(module: URL): Worker {
  return new Worker(BOOT, { workerData: { module: module.href }, env: tsChildEnv() });
}
