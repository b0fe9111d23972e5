// The agent's version as it reports it in hello and heartbeats: the workspace package's version.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const AGENT_VERSION: string = (require('../package.json') as { version: string }).version;
