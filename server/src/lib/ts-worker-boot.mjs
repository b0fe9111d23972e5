// A worker thread's first module: registers tsx in the thread (Node 20 does not take `--import` loaders for
// worker threads), then runs the TypeScript module the thread was started for (workerData.module). See ts-worker.ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
