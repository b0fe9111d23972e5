// The launcher's child process (launcher.ts): runs the programs the server asks for and answers each with its
// exit and output. It stays small, so starting a program here costs a few milliseconds, where the server's own
// fork of a process holding the embedded database's gigabyte stalls every request for 60-100 ms.
import { execFile, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { LaunchRequest, LaunchResponse } from './launcher.ts';

const running = new Set<ChildProcess>();

process.on('message', (request: LaunchRequest) => {
  const child = execFile(
    request.file,
    request.args,
    { encoding: 'buffer', timeout: request.timeoutMs, maxBuffer: request.maxBuffer },
    (error, stdout, stderr) => {
      running.delete(child);
      const failure = error as (NodeJS.ErrnoException & { killed?: boolean; signal?: string }) | null;
      const response: LaunchResponse = {
        id: request.id,
        exitCode: child.exitCode,
        signal: child.signalCode,
        stdout,
        stderr,
        timedOut: Boolean(failure?.killed) && failure?.code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
        notFound: failure?.code === 'ENOENT',
        error: failure && typeof failure.code === 'string' ? `${failure.code}: ${failure.message}` : null,
      };
      process.send?.(response);
    },
  );
  running.add(child);
  if (request.background && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, request.background);
    } catch {
      // not permitted here: it runs at normal priority
    }
  }
});

// The server is gone (or closed us): nothing will read the answers, so the programs stop too.
process.on('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
