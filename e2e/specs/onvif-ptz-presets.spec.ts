// Issue 20: a PTZ preset saved and recalled through the web app moves a real ONVIF camera's head — here the
// test ONVIF device (agent/test/onvif-test-device.ts: SOAP on loopback, a modelled PTZ head and presets)
// streaming from the RTSP test server, recorded by a real agent whose source is onvif://user:password@… on
// it, connected to the e2e server with the device token start-server.ts made for the ONVIF fixture's
// camera. The device must receive the ONVIF calls (moves, SetPreset, GotoPreset) and its head must end
// where the preset was saved; the camera's password appears in no line of the agent's log.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAgent, type AgentHandle } from '../../agent/src/index.ts';
import { startOnvifTestDevice, type OnvifTestDevice } from '../../agent/test/onvif-test-device.ts';
import { startRtspTestServer, type RtspTestServer } from '../../agent/test/rtsp-test-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { ONVIF_ACCOUNT, onvifFixtureFile } from '../support/accounts.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

// Copied from web/src/locales/ja.ts and web/src/features/player/ptz-preset-texts.ts on purpose (see pages/texts.ts).
const texts = {
  more: 'その他の操作',
  ptz: 'PTZ操作',
  panRight: '右へパン',
  panLeft: '左へパン',
  home: 'ホームポジションへ',
  closePtz: 'PTZ操作を閉じる',
  presets: 'プリセット',
  presetName: 'プリセット名',
  save: '今の位置を保存',
  saved: (name: string) => `「${name}」に今の位置を保存しました`,
  goto: (name: string) => `「${name}」の位置へ移動`,
  recalled: (name: string) => `「${name}」へ移動しました（パン `,
};

const USER = 'operator';
const PASSWORD = 'Onvif-E2e-S3cret';

let rtsp: RtspTestServer | undefined;
let device: OnvifTestDevice | undefined;
let agent: AgentHandle | undefined;
const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-onvif-spool-'));
const agentLog: string[] = [];
const remember = (level: string) => (message: string, fields?: Record<string, unknown>) =>
  void agentLog.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);

test.afterAll(async () => {
  await agent?.stop();
  await device?.close();
  await rtsp?.close();
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

test('a preset saved and recalled in the PTZ panel moves the ONVIF camera', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { token, cameraCode } = JSON.parse(
    fs.readFileSync(onvifFixtureFile(new URL(baseURL!).port), 'utf8'),
  ) as {
    token: string;
    cameraCode: string;
  };
  rtsp = await startRtspTestServer({
    codec: 'h264',
    user: USER,
    password: PASSWORD,
    width: 160,
    height: 90,
    fps: 2,
  });
  device = await startOnvifTestDevice({ user: USER, password: PASSWORD, ptz: true, streamUri: rtsp.url() });
  agent = await startAgent({
    server: baseURL!,
    token,
    source: `onvif://${USER}:${PASSWORD}@127.0.0.1:${device.port}`,
    spoolDir,
    logger: {
      debug: remember('debug'),
      info: remember('info'),
      warn: remember('warn'),
      error: remember('error'),
    },
  });
  expect(agent.cameraCode).toBe(cameraCode);
  const camera = device;

  await logInAs(page, ONVIF_ACCOUNT);
  const detail = new DetailPage(page);
  await detail.goto(cameraCode);
  // The PTZ panel is what this spec is about (the live picture is ptz-presets.spec.ts's); the detail page
  // may take a while on a busy runner.
  const more = page.getByRole('button', { name: texts.more });
  await expect(more).toBeEnabled({ timeout: 30_000 });
  await more.click();
  await page.getByRole('menuitem', { name: texts.ptz }).click();
  const panel = page.getByRole('dialog', { name: texts.ptz });
  const status = panel.getByRole('status');

  await panel.getByRole('button', { name: texts.home }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.00、チルト 0\.00、ズーム 1\.00）$/);
  expect(camera.position()).toEqual({ x: 0, y: 0, zoom: 0 });

  // One step right: a continuous move of the real head, then Stop.
  await panel.getByRole('button', { name: texts.panRight }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.\d\d、/);
  const atPreset = camera.position();
  expect(atPreset.x).toBeGreaterThan(0.1);

  const name = `搬入口 ${test.info().retry}`;
  await panel.getByRole('textbox', { name: texts.presetName }).fill(name);
  await panel.getByRole('button', { name: texts.save }).click();
  await expect(status).toHaveText(texts.saved(name));
  expect([...camera.presets.values()]).toContainEqual({ name, position: atPreset });
  const presetButton = panel.getByRole('list', { name: texts.presets }).getByRole('button', {
    name: texts.goto(name),
  });
  await expect(presetButton).toBeVisible();

  // Away two steps left, then back with the preset: the head is where it was saved.
  await panel.getByRole('button', { name: texts.panLeft }).click();
  await expect(status).toHaveText(/^移動しました（パン /);
  await panel.getByRole('button', { name: texts.panLeft }).click();
  await expect(status).toHaveText(/^移動しました（パン -0\.\d\d、/);
  expect(camera.position().x).toBeLessThan(atPreset.x - 0.2);
  await presetButton.click();
  await expect(status).toContainText(texts.recalled(name));
  expect(camera.position()).toEqual(atPreset);
  await expect(status).toHaveText(
    `${texts.recalled(name)}${atPreset.x.toFixed(2)}、チルト 0.00、ズーム 1.00）`,
  );
  await panel.screenshot({ path: test.info().outputPath('onvif-ptz-presets-panel.png') });

  // Every step was an ONVIF call the device answered.
  for (const operation of [
    'GotoHomePosition',
    'ContinuousMove',
    'Stop',
    'SetPreset',
    'GetPresets',
    'GotoPreset',
  ])
    expect(camera.calls).toContain(operation);
  expect(camera.refused).toBe(0);
  await panel.getByRole('button', { name: texts.closePtz }).click();
  await expect(panel).toBeHidden();
  expect(agentLog.join('\n')).not.toContain(PASSWORD);
});
