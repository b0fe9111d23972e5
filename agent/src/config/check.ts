// `--check`: tries what the agent will need before it is left to run: for each camera, the server (it
// answers, and takes the device token) and the source (ffprobe opens it within a timeout and finds video;
// an ONVIF camera answers, takes the user and password, and names a stream that opens). Each result is a
// line in plain words; nothing is changed on the server or the camera. Secrets never appear in a line.
import { execFile, spawn } from 'node:child_process';
import { deviceSelfCall } from '@camwatch/contract/device';
import { OnvifCamera } from '../control/onvif-camera.ts';
import { rtspInputScript, rtspScriptInputArgs } from '../ffmpeg/rtsp-input.ts';
import { silentLogger } from '../logger.ts';
import { describeSourceFailure } from '../source/source-failure.ts';
import { describeSource, parseSource, redactCredentials, type SourceSpec } from '../source/source-spec.ts';
import { describeAnswer, DeviceClient } from '../upload/device-client.ts';

export interface CheckResult {
  ok: boolean;
  /** What was checked: `server`, `source`. */
  what: string;
  message: string;
}

export interface CheckOptions {
  ffprobePath?: string;
  /** How long the server and each source may take to answer; default 10 s. */
  timeoutSec?: number;
}

/** Checks one camera's server connection (each address of a comma list) and source. */
export async function checkCamera(
  camera: { server: string; token: string; source: string },
  options: CheckOptions = {},
): Promise<CheckResult[]> {
  // Each node of a cluster on its own: the agent moves between them, so each must take the token.
  const nodes = camera.server.split(',').map((node) => node.trim());
  return Promise.all([
    ...nodes.map((node) => checkServer(node, camera.token, options)),
    checkSource(camera.source, options),
  ]);
}

export async function checkServer(
  server: string,
  token: string,
  options: CheckOptions = {},
): Promise<CheckResult> {
  const timeoutSec = options.timeoutSec ?? 10;
  const fail = (message: string): CheckResult => ({ ok: false, what: 'server', message });
  let client: DeviceClient;
  try {
    client = new DeviceClient(server, token);
  } catch (error) {
    return fail((error as Error).message);
  }
  try {
    const answer = await client.request('GET', '/api/ingest/device', { timeoutMs: timeoutSec * 1000 });
    if (answer.status === 401 || answer.status === 403)
      return fail(
        `${server} refused the device token (wrong, revoked, or made for another server): ${describeAnswer(answer)}`,
      );
    if (answer.status === 404)
      return fail(`${server} answers, but not as a CamWatch server (no device API there; check the address)`);
    if (answer.status !== 200) return fail(`${server} answered with an error: ${describeAnswer(answer)}`);
    const parsed = deviceSelfCall.responses[200].safeParse(answer.body);
    if (!parsed.success) return fail(`${server} answers, but not as a CamWatch server this agent knows`);
    const { config } = parsed.data;
    return {
      ok: true,
      what: 'server',
      message: `${server} accepts the token: camera ${config.camera_code} (${config.width}x${config.height}, ${config.fps} fps)`,
    };
  } catch (error) {
    return fail(describeNetworkError(server, (error as Error).message, timeoutSec));
  } finally {
    client.close();
  }
}

function describeNetworkError(server: string, text: string, timeoutSec: number): string {
  if (/ECONNREFUSED/.test(text))
    return `nothing answers at ${server} (wrong address or port, or the server is down)`;
  if (/ENOTFOUND|EAI_AGAIN/.test(text))
    return `the name in ${server} cannot be resolved (check the address and DNS)`;
  if (/EHOSTUNREACH|ENETUNREACH/.test(text))
    return `${server} cannot be reached from this machine (network or route)`;
  if (/no answer in time|ETIMEDOUT/.test(text)) return `${server} did not answer within ${timeoutSec} s`;
  if (/certificate|CERT_|SSL|TLS/i.test(text))
    return `${server}'s TLS certificate is not trusted here: ${text}`;
  return `cannot reach ${server}: ${text}`;
}

export async function checkSource(text: string, options: CheckOptions = {}): Promise<CheckResult> {
  let source: SourceSpec;
  try {
    source = parseSource(text);
  } catch (error) {
    return { ok: false, what: 'source', message: redactCredentials((error as Error).message) };
  }
  const shown = describeSource(source);
  if (source.kind === 'sim') return { ok: true, what: 'source', message: `${shown}: a simulated camera` };
  let extra = '';
  if (source.kind === 'onvif') {
    const camera = new OnvifCamera(source, silentLogger);
    try {
      await camera.ready();
      const axes = Object.entries(camera.ptzAxes).filter(([, can]) => can);
      extra =
        axes.length > 0 ? `; PTZ: ${axes.map(([axis]) => axis).join(', ')}` : '; a fixed camera (no PTZ)';
      source = await camera.streamSource();
    } catch (error) {
      return {
        ok: false,
        what: 'source',
        message: `${shown}: ${redactCredentials((error as Error).message)}`,
      };
    }
  }
  const probe = await probeVideo(source, options.ffprobePath ?? 'ffprobe', options.timeoutSec ?? 10);
  if ('problem' in probe) return { ok: false, what: 'source', message: `${shown}: ${probe.problem}` };
  return {
    ok: true,
    what: 'source',
    message: `${shown}: ${probe.codec} video, ${probe.width}x${probe.height}${extra}`,
  };
}

/**
 * The site's ffmpeg: present, and 5 or newer (an RTSP camera's address reaches it in a concat script with
 * per-file options, which older versions do not read; 5.1 is the version tested).
 */
export function checkFfmpeg(ffmpegPath = 'ffmpeg'): Promise<CheckResult> {
  return new Promise((resolve) => {
    execFile(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error && !stdout)
        return resolve({
          ok: false,
          what: 'ffmpeg',
          message: `cannot run ${ffmpegPath}: ${error.message} (install ffmpeg 5.1 or newer, e.g. apt-get install ffmpeg)`,
        });
      const version = /^ffmpeg version n?(\S+)/.exec(String(stdout))?.[1] ?? 'of an unknown version';
      const major = /^(\d+)\./.exec(version)?.[1];
      if (major !== undefined && Number(major) < 5)
        return resolve({
          ok: false,
          what: 'ffmpeg',
          message: `ffmpeg ${version} is too old: the agent needs 5.0 or newer (5.1 is tested)`,
        });
      resolve({ ok: true, what: 'ffmpeg', message: `ffmpeg ${version}` });
    });
  });
}

type ProbeOutcome = { codec: string; width: number; height: number } | { problem: string };

/** Opens the source with ffprobe (an RTSP address through the pipe, never on its command line). */
function probeVideo(source: SourceSpec, ffprobePath: string, timeoutSec: number): Promise<ProbeOutcome> {
  const SCRIPT_FD = 3;
  let input: string[];
  let script: string | null = null;
  if (source.kind === 'rtsp') {
    input = rtspScriptInputArgs(SCRIPT_FD);
    script = rtspInputScript(source, timeoutSec);
  } else if (source.kind === 'http') input = ['-f', 'mjpeg', '-i', source.location];
  else if (source.kind === 'device') input = ['-f', 'v4l2', '-i', source.location];
  else if (source.kind === 'file') input = ['-i', source.location];
  else return Promise.resolve({ problem: 'nothing to open' });
  const args = [
    '-v',
    'error',
    ...input,
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
  ];
  return new Promise((resolve) => {
    const child = spawn(ffprobePath, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child
      .stderr!.setEncoding('utf8')
      .on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
    const scriptPipe = child.stdio[SCRIPT_FD] as NodeJS.WritableStream & {
      on(e: 'error', f: () => void): void;
    };
    scriptPipe.on('error', () => {}); // ffprobe gone: its exit says why
    scriptPipe.end(script ?? '');
    // ffprobe's own timeout covers a silent connection; this covers everything else (a camera that answers
    // RTSP but never sends a picture).
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      (timeoutSec + 5) * 1000,
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ problem: `cannot run ffprobe (${ffprobePath}): ${error.message}; is ffmpeg installed?` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ problem: `no picture came within ${timeoutSec + 5} s` });
      const errors = redactCredentials(stderr);
      if (code !== 0) {
        const failure = describeSourceFailure(errors, code);
        const detail = failure.code === 'unknown' ? `: ${errors.trim().split('\n').at(-1) ?? ''}` : '';
        return resolve({ problem: `${failure.message}${detail}` });
      }
      try {
        const stream = (
          JSON.parse(stdout) as { streams?: { codec_name?: string; width?: number; height?: number }[] }
        ).streams?.[0];
        if (!stream?.codec_name) return resolve({ problem: 'it opens, but holds no video' });
        resolve({ codec: stream.codec_name, width: stream.width ?? 0, height: stream.height ?? 0 });
      } catch {
        resolve({ problem: 'ffprobe gave an unreadable answer' });
      }
    });
  });
}
