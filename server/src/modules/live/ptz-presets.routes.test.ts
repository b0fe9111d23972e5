// PTZ presets through the real app (issue 20): list, save and go to are relayed to the camera's agent over
// its control channel and its answer returned; the ptz right and the camera's PTZ are checked first, bad
// input is 400 naming the field, another customer's camera is 404. The agent side is the hub's channel
// interface; the agent's ONVIF side is tested in agent/test/onvif*.test.ts.
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentChannel } from '../../realtime/agent-hub.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

type Command = Extract<ServerToDeviceMessage, { type: 'command' }>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function setup(permissions?: Parameters<typeof createTenant>[1], usePtz = true) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  await t.db
    .updateTable('cameras')
    .set({ use_ptz: usePtz, can_pan: usePtz, can_tilt: usePtz, can_zoom: usePtz })
    .where('id', '=', camera.id)
    .execute();
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie };
}

/** An agent that keeps presets like a PTZ camera: in memory, each with where the head pointed. */
function presetAgent(cameraId: number) {
  const presets = new Map<string, { name: string; pan: number }>();
  let pan = 0;
  const commands: Command['command'][] = [];
  const channel: AgentChannel = {
    send(message) {
      if (message.type !== 'command') return;
      const { id, command } = message;
      commands.push(command);
      const answer = (body: Record<string, unknown>) =>
        queueMicrotask(() => t.services.hub.receive(cameraId, { type: 'result', id, ok: true, ...body }));
      if (command.kind === 'ptz_presets')
        answer({ presets: [...presets].map(([token, p]) => ({ token, name: p.name })) });
      else if (command.kind === 'ptz_save_preset') {
        const token = command.token ?? String(presets.size + 1);
        presets.set(token, { name: command.name, pan });
        answer({ preset_token: token });
      } else if (command.kind === 'ptz_goto_preset') {
        const preset = presets.get(command.token);
        if (!preset)
          queueMicrotask(() =>
            t.services.hub.receive(cameraId, {
              type: 'result',
              id,
              ok: false,
              error: { code: 'failed', message: 'No such PTZ preset' },
            }),
          );
        else {
          pan = preset.pan;
          answer({ ptz: { pan, tilt: 0, zoom: 1 } });
        }
      } else if (command.kind === 'ptz') {
        pan += command.pan;
        answer({ ptz: { pan, tilt: 0, zoom: 1 } });
      }
    },
    close() {},
  };
  const config = {
    camera_code: '',
    fps: 5,
    width: 160,
    height: 90,
    live_interval_sec: 1,
    motion_area: [],
    can_pan: true,
    can_tilt: true,
    can_zoom: true,
  };
  return { channel, commands, config };
}

describe('PTZ presets: GET/POST api/cameras/{camera_code}/ptz/presets, POST …/presets/{token}/goto', () => {
  it('saves presets on the camera, lists them and moves the camera back to one', async () => {
    const { camera, cookie } = await setup();
    const agent = presetAgent(camera.id);
    t.services.hub.attach(camera.id, agent.channel, { ...agent.config, camera_code: camera.code });
    const url = `/api/cameras/${camera.code}/ptz/presets`;
    try {
      expect((await as(t.app, cookie, { method: 'GET', url })).json()).toEqual({ data: { presets: [] } });
      await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: 0.5 },
      });
      const saved = await as(t.app, cookie, { method: 'POST', url, payload: { name: ' Entrance ' } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ data: { preset: { token: '1', name: 'Entrance' } } });
      await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: -0.8 },
      });
      const list = await as(t.app, cookie, { method: 'GET', url });
      expect(list.json()).toEqual({ data: { presets: [{ token: '1', name: 'Entrance' }] } });

      const back = await as(t.app, cookie, { method: 'POST', url: `${url}/1/goto` });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toEqual({ data: { ptz: { pan: 0.5, tilt: 0, zoom: 1 } } });
      const over = await as(t.app, cookie, { method: 'POST', url, payload: { name: 'Door', token: '1' } });
      expect(over.json()).toEqual({ data: { preset: { token: '1', name: 'Door' } } });
      expect(agent.commands.filter((c) => c.kind.startsWith('ptz_'))).toEqual([
        { kind: 'ptz_presets' },
        { kind: 'ptz_save_preset', name: 'Entrance' },
        { kind: 'ptz_presets' },
        { kind: 'ptz_goto_preset', token: '1' },
        { kind: 'ptz_save_preset', name: 'Door', token: '1' },
      ]);

      // The camera's refusal comes back as the failure reason.
      const unknown = await as(t.app, cookie, { method: 'POST', url: `${url}/9/goto` });
      expect(unknown.json()).toEqual({ result: 'failed', data: { reason: 'failed' } });
    } finally {
      t.services.hub.detach(camera.id, agent.channel);
    }
    const offline = await as(t.app, cookie, { method: 'GET', url });
    expect(offline.json()).toEqual({ result: 'failed', data: { reason: 'offline' } });
  });

  it('needs the ptz right (403); a camera without PTZ is not_supported without asking its agent', async () => {
    const noRight = await setup({ ptz: false });
    for (const request of [
      { method: 'GET' as const, url: `/api/cameras/${noRight.camera.code}/ptz/presets` },
      {
        method: 'POST' as const,
        url: `/api/cameras/${noRight.camera.code}/ptz/presets`,
        payload: { name: 'a' },
      },
      { method: 'POST' as const, url: `/api/cameras/${noRight.camera.code}/ptz/presets/1/goto` },
    ])
      expect((await as(t.app, noRight.cookie, request)).statusCode).toBe(403);

    const fixed = await setup(undefined, false);
    const agent = presetAgent(fixed.camera.id);
    t.services.hub.attach(fixed.camera.id, agent.channel, {
      ...agent.config,
      camera_code: fixed.camera.code,
    });
    try {
      const list = await as(t.app, fixed.cookie, {
        method: 'GET',
        url: `/api/cameras/${fixed.camera.code}/ptz/presets`,
      });
      expect(list.json()).toEqual({ result: 'failed', data: { reason: 'not_supported' } });
      const goto = await as(t.app, fixed.cookie, {
        method: 'POST',
        url: `/api/cameras/${fixed.camera.code}/ptz/presets/1/goto`,
      });
      expect(goto.json()).toEqual({ result: 'failed', data: { reason: 'not_supported' } });
      expect(agent.commands).toEqual([]);
    } finally {
      t.services.hub.detach(fixed.camera.id, agent.channel);
    }
  });

  it('refuses bad input with 400 naming the field, and asks nothing of the agent', async () => {
    const { camera, cookie } = await setup();
    const agent = presetAgent(camera.id);
    t.services.hub.attach(camera.id, agent.channel, { ...agent.config, camera_code: camera.code });
    const url = `/api/cameras/${camera.code}/ptz/presets`;
    try {
      for (const [payload, field] of [
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(65) }, 'name'],
        [{}, 'name'],
        [{ name: 'a', token: '' }, 'token'],
        [{ name: 'a', speed: 1 }, 'speed'],
      ] as const) {
        const res = await as(t.app, cookie, { method: 'POST', url, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.body).toContain(field);
      }
      const longToken = await as(t.app, cookie, { method: 'POST', url: `${url}/${'t'.repeat(65)}/goto` });
      expect(longToken.statusCode).toBe(400);
      expect(longToken.body).toContain('token');
      expect(agent.commands).toEqual([]);
    } finally {
      t.services.hub.detach(camera.id, agent.channel);
    }
  });

  it("keeps another customer out of a camera's presets (404), and answers 401 without a session", async () => {
    const owner = await setup();
    const outsider = await setup();
    const url = `/api/cameras/${owner.camera.code}/ptz/presets`;
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'presets', request: { method: 'GET', url } },
      { name: 'save preset', request: { method: 'POST', url, payload: { name: 'x' } } },
      { name: 'go to preset', request: { method: 'POST', url: `${url}/1/goto` } },
    ]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
