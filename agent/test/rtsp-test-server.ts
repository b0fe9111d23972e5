// A small RTSP server for the tests (the house rules allow one for an outer edge that cannot run here: a
// real IP camera). ffmpeg encodes a test picture (H.264 or H.265) to RTP on loopback; this server hands
// it to RTSP clients as a camera does: OPTIONS, DESCRIBE (the encoder's SDP), SETUP over UDP or TCP
// (interleaved), PLAY, TEARDOWN, GET_PARAMETER, behind Digest authentication when a user is set. Tests
// can cut it off (every connection dropped, nothing listening: a camera gone), bring it back on the same
// port, and make its clock jump (the RTP timestamps leap forward).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RtspTestServerOptions {
  codec: 'h264' | 'h265';
  user?: string;
  password?: string;
  width?: number;
  height?: number;
  fps?: number;
}

export interface RtspTestServer {
  readonly port: number;
  /** The stream's address, with `user:password@` when given. */
  url(credentials?: { user: string; password: string }, streamPath?: string): string;
  /** Transports of the sessions that reached PLAY, in order. */
  readonly plays: ('udp' | 'tcp')[];
  /** Requests answered 401. */
  readonly unauthorized: number;
  /** Drops every connection and stops listening: the camera is gone. */
  cutOff(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  /**
   * Stops sending pictures to the sessions playing now while keeping their connections open (a camera
   * hung, a cable cut midway); new sessions are served.
   */
  freeze(): void;
  /** From now on the camera's RTP timestamps are `seconds` further on. */
  jumpClock(seconds: number): void;
  close(): Promise<void>;
}

interface Session {
  id: string;
  socket: net.Socket;
  transport: 'udp' | 'tcp';
  clientHost: string;
  clientRtpPort: number;
  channel: number;
  playing: boolean;
  frozen?: boolean;
}

const REALM = 'test-camera';

export async function startRtspTestServer(options: RtspTestServerOptions): Promise<RtspTestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtsp-test-'));
  const sdpPath = path.join(dir, 'stream.sdp');
  // RTP from the encoder comes in here; RTCP from it goes to a socket that ignores it.
  const input = await bindUdp();
  const inputRtcp = await bindUdp();
  // What UDP clients receive comes from these (their server_port).
  const output = await bindUdp();
  const outputRtcp = await bindUdp();
  const fps = options.fps ?? 5;
  const encoder =
    options.codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-bf', '0']
      : ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:bframes=0'];
  const producer: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${options.width ?? 320}x${options.height ?? 180}:rate=${fps}`,
      ...encoder,
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(fps),
      '-f',
      'rtp',
      '-payload_type',
      '96',
      '-sdp_file',
      sdpPath,
      `rtp://127.0.0.1:${input.address().port}?rtcpport=${inputRtcp.address().port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let producerErrors = '';
  producer.stderr?.setEncoding('utf8').on('data', (text: string) => (producerErrors += text));
  const sdp = await waitForSdp(sdpPath, producer, () => producerErrors);

  const sessions = new Map<string, Session>();
  const sockets = new Set<net.Socket>();
  const plays: ('udp' | 'tcp')[] = [];
  let unauthorized = 0;
  let clockOffset = 0;
  const nonce = crypto.randomBytes(8).toString('hex');

  input.on('message', (packet) => {
    if (packet.length < 12) return;
    if (clockOffset !== 0) {
      packet = Buffer.from(packet);
      packet.writeUInt32BE((packet.readUInt32BE(4) + clockOffset) >>> 0, 4);
    }
    for (const session of sessions.values()) {
      if (!session.playing || session.frozen) continue;
      if (session.transport === 'udp') output.send(packet, session.clientRtpPort, session.clientHost);
      else if (session.socket.writable) {
        const header = Buffer.from([0x24, session.channel, 0, 0]);
        header.writeUInt16BE(packet.length, 2);
        session.socket.write(Buffer.concat([header, packet]));
      }
    }
  });

  const authorized = (method: string, header: string | undefined): boolean => {
    if (options.user === undefined) return true;
    if (!header?.startsWith('Digest ')) return false;
    const params = Object.fromEntries(
      [...header.slice(7).matchAll(/(\w+)="?([^",]*)"?/g)].map((m) => [m[1]!, m[2]!]),
    );
    const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');
    const ha1 = md5(`${options.user}:${REALM}:${options.password ?? ''}`);
    const ha2 = md5(`${method}:${params.uri}`);
    const expected = params.qop
      ? md5(`${ha1}:${nonce}:${params.nc}:${params.cnonce}:${params.qop}:${ha2}`)
      : md5(`${ha1}:${nonce}:${ha2}`);
    return params.username === options.user && params.nonce === nonce && params.response === expected;
  };

  const handle = (socket: net.Socket, head: string) => {
    const [requestLine = '', ...headerLines] = head.split('\r\n');
    const [method = '', uri = ''] = requestLine.split(' ');
    const headers = new Map<string, string>();
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const reply = (status: string, extra: Record<string, string> = {}, body = '') => {
      const lines = [`RTSP/1.0 ${status}`, `CSeq: ${headers.get('cseq') ?? '0'}`];
      for (const [key, value] of Object.entries(extra)) lines.push(`${key}: ${value}`);
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    if (method === 'OPTIONS')
      return reply('200 OK', { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER' });
    if (!authorized(method, headers.get('authorization'))) {
      unauthorized += 1;
      return reply('401 Unauthorized', { 'WWW-Authenticate': `Digest realm="${REALM}", nonce="${nonce}"` });
    }
    const session = sessions.get((headers.get('session') ?? '').split(';')[0]!);
    switch (method) {
      case 'DESCRIBE': {
        if (!new URL(uri).pathname.startsWith('/stream')) return reply('404 Not Found');
        return reply(
          '200 OK',
          { 'Content-Type': 'application/sdp', 'Content-Base': `${uri.replace(/\/$/, '')}/` },
          sdpForClients(sdp),
        );
      }
      case 'SETUP': {
        const transport = headers.get('transport') ?? '';
        const id = crypto.randomBytes(6).toString('hex');
        if (/TCP/i.test(transport)) {
          const channel = Number(/interleaved=(\d+)/.exec(transport)?.[1] ?? 0);
          sessions.set(id, {
            id,
            socket,
            transport: 'tcp',
            clientHost: '',
            clientRtpPort: 0,
            channel,
            playing: false,
          });
          return reply('200 OK', {
            Transport: `RTP/AVP/TCP;unicast;interleaved=${channel}-${channel + 1}`,
            Session: `${id};timeout=60`,
          });
        }
        const ports = /client_port=(\d+)-(\d+)/.exec(transport);
        if (!ports) return reply('461 Unsupported Transport');
        sessions.set(id, {
          id,
          socket,
          transport: 'udp',
          clientHost: socket.remoteAddress!.replace(/^::ffff:/, ''),
          clientRtpPort: Number(ports[1]),
          channel: 0,
          playing: false,
        });
        return reply('200 OK', {
          Transport: `RTP/AVP/UDP;unicast;client_port=${ports[1]}-${ports[2]};server_port=${output.address().port}-${outputRtcp.address().port}`,
          Session: `${id};timeout=60`,
        });
      }
      case 'PLAY':
        if (!session) return reply('454 Session Not Found');
        session.playing = true;
        plays.push(session.transport);
        return reply('200 OK', { Session: session.id, Range: 'npt=0.000-' });
      case 'TEARDOWN':
        if (session) sessions.delete(session.id);
        return reply('200 OK');
      case 'GET_PARAMETER':
        return reply('200 OK', session ? { Session: session.id } : {});
      default:
        return reply('501 Not Implemented');
    }
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (buffer.length > 0 && buffer[0] === 0x24) {
          // Interleaved RTCP from the client: skipped.
          if (buffer.length < 4) return;
          const length = 4 + buffer.readUInt16BE(2);
          if (buffer.length < length) return;
          buffer = buffer.subarray(length);
          continue;
        }
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('utf8');
        const contentLength = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + contentLength) return;
        buffer = buffer.subarray(end + 4 + contentLength);
        handle(socket, head);
      }
    });
    const forget = () => {
      sockets.delete(socket);
      for (const session of sessions.values()) if (session.socket === socket) sessions.delete(session.id);
    };
    socket.on('close', forget);
    socket.on('error', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;

  const cutOff = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    sessions.clear();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    port,
    plays,
    get unauthorized() {
      return unauthorized;
    },
    url: (credentials, streamPath = '/stream') =>
      `rtsp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : ''}127.0.0.1:${port}${streamPath}`,
    cutOff,
    resume: async () => {
      if (listening) return;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    freeze: () => {
      for (const session of sessions.values()) session.frozen = true;
    },
    jumpClock: (seconds) => {
      clockOffset = (clockOffset + Math.round(seconds * 90_000)) >>> 0;
    },
    close: async () => {
      await cutOff();
      producer.kill('SIGKILL');
      for (const socket of [input, inputRtcp, output, outputRtcp]) socket.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function bindUdp(): Promise<dgram.Socket & { address(): { port: number } }> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(socket)));
}

async function waitForSdp(sdpPath: string, producer: ChildProcess, errors: () => string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    if (producer.exitCode !== null) throw new Error(`the test camera's encoder ended: ${errors()}`);
    const text = fs.existsSync(sdpPath) ? fs.readFileSync(sdpPath, 'utf8') : '';
    if (text.includes('a=rtpmap')) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  producer.kill('SIGKILL');
  throw new Error(`the test camera's encoder wrote no SDP: ${errors()}`);
}

/** The encoder's SDP as a camera serves it: no address or port of its own, a control per track. */
function sdpForClients(sdp: string): string {
  const lines = sdp
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.replace(/^c=IN IP4 .*/, 'c=IN IP4 0.0.0.0').replace(/^m=video \d+/, 'm=video 0'));
  const media = lines.findIndex((line) => line.startsWith('m='));
  lines.splice(media + 1, 0, 'a=control:track1');
  lines.splice(media, 0, 'a=control:*');
  return `${lines.join('\r\n')}\r\n`;
}
