// The agent's embedding API: start a camera agent in-process (the server's demo cameras, tests).
export {
  startAgent,
  formatOf,
  DEFAULT_SPOOL_MAX_MB,
  type AgentHandle,
  type AgentOptions,
  type RecordingLimits,
} from './agent.ts';
export { AgentStartError } from './control/device-self.ts';
export { createLogger, silentLogger, type Logger } from './logger.ts';
export { parseSource, SourceError, type SourceSpec, type SourceKind } from './source/source-spec.ts';
export { clipBaseName, parseClipName, type ClipSidecar } from './spool/clip-naming.ts';
export { truthFileName } from './sim/truth-writer.ts';
