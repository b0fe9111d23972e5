// Several server addresses (issue 18): requests go to the current node and move to the next when it fails
// (no connection, 502/503/504), round robin; a late second report of the same failure does not skip a node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient, NetworkError } from '../src/upload/device-client.ts';
import { parseServerList, ServerList } from '../src/upload/server-list.ts';

describe('ServerList', () => {
  it('reads a comma list and refuses what is not an http(s) address', () => {
    expect(parseServerList(' http://a:1 , https://b/cw ').map((u) => u.href)).toEqual([
      'http://a:1/',
      'https://b/cw',
    ]);
    expect(() => parseServerList('http://a:1,ftp://b')).toThrow(/ftp:\/\/b/);
    expect(() => parseServerList(' , ')).toThrow(/no server/);
  });

  it('moves to the next server on a failure of the current one, round robin, once per failure', () => {
    const list = new ServerList('http://a:1,http://b:2,http://c:3');
    expect(list.current.host).toBe('a:1');
    expect(list.failed('ws://a:1/api/ingest/cameras/x/control')).toBe(true);
    expect(list.current.host).toBe('b:2');
    // The control channel reports the same failure of a after the uploads did: b stays.
    expect(list.failed('http://a:1/')).toBe(false);
    expect(list.current.host).toBe('b:2');
    list.failed('http://b:2/');
    list.failed('http://c:3/');
    expect(list.current.host).toBe('a:1');
  });
});

describe('DeviceClient with two servers', () => {
  let up: http.Server;
  let upUrl: string;
  let overloadedUrl: string;
  let overloaded: http.Server;
  const closedUrl = 'http://127.0.0.1:9';

  const listen = async (status: number) => {
    const server = http.createServer((_req, res) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    ({ server: up, url: upUrl } = await listen(200));
    ({ server: overloaded, url: overloadedUrl } = await listen(503));
  });
  afterAll(async () => {
    await new Promise((r) => up.close(r));
    await new Promise((r) => overloaded.close(r));
  });

  it('sends the next request to the next node after one refuses the connection', async () => {
    const client = new DeviceClient(`${closedUrl},${upUrl}`, 'cwd_x');
    try {
      expect(client.server).toBe(`${closedUrl}/`);
      await expect(client.getDevice()).rejects.toBeInstanceOf(NetworkError);
      expect(client.server).toBe(`${upUrl}/`);
      expect((await client.getDevice()).status).toBe(200);
      expect(client.server).toBe(`${upUrl}/`);
    } finally {
      client.close();
    }
  });

  it('moves on after a 503 from a node, and after the control channel reports its node down', async () => {
    const client = new DeviceClient(`${overloadedUrl},${upUrl}`, 'cwd_x');
    try {
      expect((await client.getDevice()).status).toBe(503);
      expect((await client.getDevice()).status).toBe(200);
      client.serverFailed(upUrl.replace('http:', 'ws:') + '/api/ingest/cameras/c/control');
      expect(client.server).toBe(`${overloadedUrl}/`);
    } finally {
      client.close();
    }
  });
});
