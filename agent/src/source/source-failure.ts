// Why a camera's ffmpeg ended, in words for the agent's log: read from the end of ffmpeg's error output
// (already stripped of credentials). Pure, so each case is tested on its own.

export interface SourceFailure {
  /** A short code for logs and tests. */
  code:
    'unauthorized' | 'unreachable' | 'timeout' | 'not_found' | 'connection_lost' | 'unsupported' | 'unknown';
  /** What is wrong, for a person reading the log. */
  message: string;
}

const RULES: { test: RegExp; failure: SourceFailure }[] = [
  {
    test: /401 Unauthorized|authorization failed|403 Forbidden/i,
    failure: {
      code: 'unauthorized',
      message: 'the camera refused the user name or password (check the credentials in the source address)',
    },
  },
  {
    test: /404 Not Found|454 Session Not Found/i,
    failure: { code: 'not_found', message: 'the camera has no stream at that path' },
  },
  {
    test: /Connection refused|No route to host|Network is unreachable|Name or service not known|Temporary failure in name resolution|Host is unreachable/i,
    failure: {
      code: 'unreachable',
      message: 'nothing answers at the camera address (wrong address or port, or the camera is off)',
    },
  },
  {
    test: /timed out|Connection timed out|ETIMEDOUT/i,
    failure: { code: 'timeout', message: 'the camera stopped answering (timed out)' },
  },
  {
    test: /461 Unsupported Transport|Protocol not supported/i,
    failure: {
      code: 'unsupported',
      message: 'the camera does not offer this transport (try #transport=udp or tcp)',
    },
  },
  {
    test: /Connection reset|End of file|Broken pipe|Invalid data found/i,
    failure: { code: 'connection_lost', message: 'the camera closed the connection' },
  },
];

/** `exitCode` 0: ffmpeg saw its input end (the camera closed the stream) and closed its outputs. */
export function describeSourceFailure(stderrTail: string, exitCode: number | null = null): SourceFailure {
  // ffmpeg also ends normally (0) when its input timed out: it closes its outputs either way.
  if (exitCode === 0)
    return /timed out/i.test(stderrTail)
      ? { code: 'timeout', message: 'the camera stopped sending (timed out)' }
      : { code: 'connection_lost', message: 'the camera ended the stream' };
  for (const rule of RULES) if (rule.test.test(stderrTail)) return rule.failure;
  return {
    code: stderrTail.trim() === '' ? 'connection_lost' : 'unknown',
    message: stderrTail.trim() === '' ? 'the source ended' : 'ffmpeg stopped reading the source',
  };
}
