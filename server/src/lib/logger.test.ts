// LOG_FORMAT (issue 17 point 10): pretty lines for a person by default, JSON lines for a collector.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from './logger.ts';

function capture() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('logger', () => {
  it('pretty: one readable line per event with its level, message and fields, not JSON', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'pretty', role: 'all', destination: out.stream });
    logger.info({ ms: 812 }, 'CamWatch all ready');
    logger.debug('not shown at info');
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: CamWatch all ready \{"ms":812\}$/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('json: one JSON object per line with the level, role and message', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'json', role: 'api', destination: out.stream });
    logger.warn({ route: '/api/x' }, 'slow request');
    const [line] = out.lines();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, role: 'api', route: '/api/x', msg: 'slow request' });
  });

  it('LOG_FORMAT defaults to pretty, takes json, and refuses anything else', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
