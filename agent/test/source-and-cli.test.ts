// Reading --source and the command line.
import { describe, expect, it } from 'vitest';
import { parseCliOptions, UsageError } from '../src/cli-options.ts';
import { parseSource, SourceError } from '../src/source/source-spec.ts';

describe('parseSource', () => {
  it('tells each kind apart', () => {
    expect(parseSource('sim:street')).toEqual({
      kind: 'sim',
      scene: 'street',
      seed: 1,
      tzOffsetMinutes: 540,
    });
    expect(parseSource('sim:shop?seed=7&tz=0', 3)).toEqual({
      kind: 'sim',
      scene: 'shop',
      seed: 7,
      tzOffsetMinutes: 0,
    });
    expect(parseSource('sim:shop', 3)).toMatchObject({ seed: 3 });
    expect(parseSource('rtsp://u:p@cam/1').kind).toBe('rtsp');
    expect(parseSource('https://cam/mjpg').kind).toBe('http');
    expect(parseSource('/dev/video0').kind).toBe('device');
    expect(parseSource('clips/a.mp4').kind).toBe('file');
  });

  it('refuses unknown scenes, options and schemes with a clear message', () => {
    expect(() => parseSource('sim:moon')).toThrow(/unknown simulated scene "moon"/);
    expect(() => parseSource('sim:street?speed=2')).toThrow(SourceError);
    expect(() => parseSource('sim:street?seed=x')).toThrow(/seed must be an integer/);
    expect(() => parseSource('ftp://cam/x')).toThrow(/unsupported source scheme/);
  });
});

describe('parseCliOptions', () => {
  const base = ['--server', 'http://127.0.0.1:3000', '--token', 'cwd_x', '--source', 'sim:street'];

  it('maps the arguments to startAgent options', () => {
    const options = parseCliOptions([...base, '--spool', '/tmp/s', '--spool-max-mb', '10', '--seed', '4']);
    expect(options).not.toBe('help');
    if (typeof options === 'string' || !('agent' in options)) return;
    expect(options.agent).toMatchObject({
      spoolDir: '/tmp/s',
      spoolMaxMb: 10,
      seed: 4,
      source: 'sim:street',
    });
    expect(options.logLevel).toBe('info');
  });

  it('explains what is wrong', () => {
    expect(() => parseCliOptions(['--server', 'http://x'])).toThrow(/missing --token, --source/);
    expect(() => parseCliOptions([...base, '--spool-max-mb', 'lots'])).toThrow(UsageError);
    expect(() => parseCliOptions([...base, '--bogus'])).toThrow(UsageError);
    expect(() =>
      parseCliOptions(['--server', 'localhost', '--token', 't', '--source', 'sim:street']),
    ).toThrow(/http:\/\//);
    expect(() => parseCliOptions([...base.slice(0, 4), '--source', 'sim:nowhere'])).toThrow(/--source/);
    expect(parseCliOptions(['--help'])).toBe('help');
  });
});
