// How ffmpeg and ffprobe get an RTSP camera's address without it showing in their argument list (which any
// local user can read with `ps`): the address, credentials included, goes in a one-line concat script
// (`ffconcat`) written to the child's pipe; the command line names only the pipe. The concat demuxer opens
// the address with the RTSP options given per file (`option`), and passes the camera's packets on as they
// come. ffmpeg has no other way to give RTSP credentials apart from the address (no user/password
// options), and a file would hold them on disk.
import type { RtspSourceSpec } from '../source/source-spec.ts';

/**
 * The recorder gives the script on ffmpeg's stdin. Any `pipe:` input turns off ffmpeg's reading of
 * commands from stdin (`q`), so the recorder stops such an ffmpeg with SIGINT, which closes its outputs
 * the same way.
 */
export const RTSP_SCRIPT_FD = 0;

/** What the script may open: the pipe it is read from and what RTSP(S) needs underneath. */
const PROTOCOLS = 'pipe,rtsp,rtsps,rtp,srtp,udp,tcp,tls,http,https,httpproxy';

/** Seconds without data from an RTSP camera before ffmpeg gives up (and the agent reconnects). */
export const RTSP_IO_TIMEOUT_SEC = 10;

/** ffmpeg/ffprobe input options reading the script from file descriptor `fd` of the child. */
export function rtspScriptInputArgs(fd: number): string[] {
  return ['-f', 'concat', '-safe', '0', '-protocol_whitelist', PROTOCOLS, '-i', `pipe:${fd}`];
}

/**
 * The concat script naming the camera: its address and RTSP options: the transport, and the I/O timeout
 * (a camera that stops sending without closing, cable pulled or power cut, ends ffmpeg after this long
 * without data, so the pipeline reconnects instead of waiting for ever).
 */
export function rtspInputScript(
  source: RtspSourceSpec,
  timeoutSec = source.timeoutSec ?? RTSP_IO_TIMEOUT_SEC,
): string {
  // Inside single quotes everything is literal; a quote itself is closed, escaped and reopened.
  const quoted = `'${source.location.replace(/'/g, "'\\''")}'`;
  return [
    'ffconcat version 1.0',
    `file ${quoted}`,
    `option rtsp_transport ${source.transport}`,
    `option timeout ${timeoutSec * 1_000_000}`,
    '',
  ].join('\n');
}
