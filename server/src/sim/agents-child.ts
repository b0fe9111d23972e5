// The embedded demo's agents, in a process of their own (embedded-agents.ts starts it): drawing the simulated
// scenes, running each camera's ffmpeg and probing its clips is an agent's work, and on the server's thread it
// would hold requests back. The agents talk to the server over loopback exactly like remote agents do; their
// log lines go to the server's log through the IPC channel.
import type { AgentOptions } from '@camwatch/agent';

export type AgentSpec = Pick<AgentOptions, 'server' | 'token' | 'source' | 'spoolDir' | 'limits'>;

export type AgentsChildRequest = { type: 'start'; agents: AgentSpec[] } | { type: 'stop' };

export type AgentsChildMessage =
  | { type: 'log'; level: 'debug' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }
  | { type: 'started'; running: number; failed: { source: string; error: string }[] }
  | { type: 'stopped' };

const send = (message: AgentsChildMessage) => process.send?.(message);

/** Error objects do not cross the IPC channel as they are: their message and stack do. */
function plain(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Error ? { message: value.message, stack: value.stack } : value,
    ]),
  );
}

const log = (level: 'debug' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) =>
  send({ type: 'log', level, message, fields: plain(fields) });

const logger = {
  // A clip a minute from each demo camera is routine: debug; warnings and errors stay.
  debug: log('debug'),
  info: log('debug'),
  warn: log('warn'),
  error: log('error'),
};

let handles: { stop(): Promise<void> }[] = [];

async function start(agents: AgentSpec[]) {
  const { startAgent } = await import('@camwatch/agent');
  const failed: { source: string; error: string }[] = [];
  for (const spec of agents) {
    try {
      handles.push(await startAgent({ ...spec, logger }));
    } catch (error) {
      failed.push({ source: spec.source, error: error instanceof Error ? error.message : String(error) });
    }
  }
  send({ type: 'started', running: handles.length, failed });
}

async function stop() {
  const stopping = handles;
  handles = [];
  await Promise.allSettled(stopping.map((handle) => handle.stop()));
  send({ type: 'stopped' });
  process.disconnect?.();
}

process.on('message', (request: AgentsChildRequest) => {
  if (request.type === 'start') void start(request.agents);
  else void stop();
});

// The server is gone without asking: stop the cameras' ffmpeg processes with us.
process.on('disconnect', () => {
  void Promise.allSettled(handles.map((handle) => handle.stop())).then(() => process.exit(0));
});
