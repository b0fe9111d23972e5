// RTSP source addresses (issue 20): the agent's own options after `#`, credentials hidden wherever a source
// or ffmpeg's output is shown, and ffmpeg's end read into a clear reason for the log.
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../src/cli-options.ts';
import { inputArgs } from '../src/ffmpeg/ffmpeg-args.ts';
import { rtspInputScript, RTSP_IO_TIMEOUT_SEC } from '../src/ffmpeg/rtsp-input.ts';
import { describeSourceFailure } from '../src/source/source-failure.ts';
import {
  describeSource,
  parseSource,
  redactCredentials,
  SourceError,
  type RtspSourceSpec,
} from '../src/source/source-spec.ts';

const format = { width: 320, height: 180, fps: 2 };

describe('RTSP sources', () => {
  it('uses TCP unless #transport=udp, and gives ffmpeg the address without the agent options', () => {
    expect(parseSource('rtsp://u:p@cam:554/s1')).toEqual({
      kind: 'rtsp',
      location: 'rtsp://u:p@cam:554/s1',
      transport: 'tcp',
    });
    const udp = parseSource('rtsp://cam/s1?channel=2#transport=udp');
    expect(udp).toEqual({ kind: 'rtsp', location: 'rtsp://cam/s1?channel=2', transport: 'udp' });
    expect(rtspInputScript(udp as RtspSourceSpec)).toBe(
      [
        'ffconcat version 1.0',
        "file 'rtsp://cam/s1?channel=2'",
        'option rtsp_transport udp',
        `option timeout ${RTSP_IO_TIMEOUT_SEC * 1_000_000}`,
        '',
      ].join('\n'),
    );
  });

  it('refuses unknown options and transports, naming them, and never echoes a password', () => {
    expect(() => parseSource('rtsp://cam/s#transport=http')).toThrow(/transport must be tcp or udp/);
    expect(() => parseSource('rtsp://cam/s#tcp=1')).toThrow(SourceError);
    expect(() => parseSource('rtsp://cam/s#timeout=0')).toThrow(/timeout must be whole seconds/);
    const slow = parseSource('rtsp://cam/s#transport=udp&timeout=30');
    expect(slow).toMatchObject({ transport: 'udp', timeoutSec: 30 });
    expect(rtspInputScript(slow as RtspSourceSpec)).toContain('\noption timeout 30000000\n');
    try {
      parseSource('rtsp://admin:hunter2@[bad/s');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('gives ffmpeg the address with its password on stdin, never on the command line (ps shows that)', () => {
    const source = parseSource("rtsp://admin:it's%20s3cret@cam:554/s1");
    const args = inputArgs(source, format, 0);
    expect(args.join(' ')).not.toContain('s3cret');
    expect(args.slice(-8)).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-protocol_whitelist',
      'pipe,rtsp,rtsps,rtp,srtp,udp,tcp,tls,http,https,httpproxy',
      '-i',
      'pipe:0',
    ]);
    // A quote in the address is closed, escaped and reopened (ffconcat's quoting).
    expect(rtspInputScript(source as RtspSourceSpec)).toContain(
      "file 'rtsp://admin:it'\\''s%20s3cret@cam:554/s1'\n",
    );
  });

  it('hides user and password in addresses inside any text', () => {
    expect(redactCredentials('rtsp://admin:p%40ss@10.0.0.5:554/s: Server returned 401')).toBe(
      'rtsp://***@10.0.0.5:554/s: Server returned 401',
    );
    expect(redactCredentials('a http://u:x@h/ b rtsp://h/ c')).toBe('a http://***@h/ b rtsp://h/ c');
    expect(describeSource(parseSource('rtsp://u:pw@cam/1#transport=udp'))).toBe('rtsp://***@cam/1');
    expect(describeSource(parseSource('sim:shop?seed=3'))).toBe('sim:shop');
  });
});

describe('ONVIF sources', () => {
  it('reads host, port, path, credentials, profile and transport; hides the password when shown', () => {
    const spec = parseSource('onvif://admin:p%40ss@10.0.0.7:8080?profile=sub&transport=udp&light=relay1');
    expect(spec).toEqual({
      kind: 'onvif',
      hostname: '10.0.0.7',
      port: 8080,
      path: '/onvif/device_service',
      username: 'admin',
      password: 'p@ss',
      profileToken: 'sub',
      transport: 'udp',
      lightRelayToken: 'relay1',
    });
    expect(describeSource(spec)).toBe('onvif://***@10.0.0.7:8080/onvif/device_service');
    expect(parseSource('onvif://cam/onvif/dev')).toMatchObject({
      port: 80,
      path: '/onvif/dev',
      username: '',
    });
    expect(() => parseSource('onvif://cam?channel=1')).toThrow('unknown ONVIF option "channel"');
    expect(parseCliOptions(['--discover'])).toBe('discover');
  });
});

describe('describeSourceFailure', () => {
  it.each([
    ['[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized', 1, 'unauthorized'],
    ['rtsp://***@h/s: Connection refused', 1, 'unreachable'],
    ['rtsp://***@h/s: Connection timed out', 1, 'timeout'],
    ['method DESCRIBE failed: 404 Not Found', 1, 'not_found'],
    ['method SETUP failed: 461 Unsupported Transport', 1, 'unsupported'],
    ['[h264 @ 0x1] non-existing PPS 0 referenced', 0, 'connection_lost'],
    ['rtsp://h/s: Connection timed out', 0, 'timeout'],
    ['something else', 1, 'unknown'],
  ] as const)('%s → %s', (stderr, code, expected) => {
    expect(describeSourceFailure(stderr, code).code).toBe(expected);
  });
});
