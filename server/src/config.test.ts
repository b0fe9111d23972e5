// Configuration from the environment: defaults, and a clear message for each bad value.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults: port 8080, ./data, embedded database, normal mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'embedded', dir: path.resolve('./data/db') });
    expect(config.environmentMode).toBe('normal');
    expect(config.experimentalFeatures).toEqual([]);
    expect(config.adminSystemUrl).toBeNull();
    expect(config.seedDemo).toBeUndefined();
  });

  it('HOST: loopback only for the embedded demo, every interface on PostgreSQL, as given when set', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cams' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/cams' }).host).toBe(
      '127.0.0.1',
    );
  });

  it('DATABASE_URL selects PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cams' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/cams',
    });
  });

  it('reads modes, features and flags', () => {
    const config = loadConfig({
      ENVIRONMENT_MODE: 'L21',
      EXPERIMENTAL_FEATURES: ' lighting ',
      SEED_DEMO: '1',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      environmentMode: 'L21',
      experimentalFeatures: ['lighting'],
      seedDemo: true,
      trustProxy: 2,
    });
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('TRUST_PROXY: off, a hop count or proxy addresses, never every hop (issue 16 §4)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.2,proxy.example', '10.0.0.0/33'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('lists every bad value, naming the variable and what it got', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ENVIRONMENT_MODE: 'TLT',
        EXPERIMENTAL_FEATURES: 'lighting,teleport',
        ADMIN_SYSTEM_URL: 'not a url',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of [
        'PORT="eighty"',
        'DATABASE_URL="mysql://x"',
        'ENVIRONMENT_MODE="TLT"',
        'EXPERIMENTAL_FEATURES',
        'ADMIN_SYSTEM_URL',
      ]) {
        expect(message).toContain(name);
      }
      expect((error as ConfigError).problems).toHaveLength(5);
    }
  });
});
