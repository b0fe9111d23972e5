// An ONVIF camera through the `onvif` client package: connects (device time, services, profiles), gives the
// RTSP address of the chosen profile to record (the camera's credentials added), and drives PTZ: a step is
// a continuous move (velocity per axis, for as long as the step is large) then Stop, home, and presets
// (list, go to, save). Every answer reports where the head is afterwards (GetStatus). Fixed cameras (no PTZ
// service or no PTZ configuration in the profile) answer not_supported. Also discovery (WS-Discovery).
// Credentials stay in memory: never logged, never sent to the server.
import onvif from 'onvif';
import type { PtzPreset, PtzState } from '@camwatch/contract/device';
import type { Logger } from '../logger.ts';
import { MAX_ZOOM } from '../sim/viewport.ts';
import type { OnvifSourceSpec, RtspSourceSpec } from '../source/source-spec.ts';
import { NotSupportedError, type CameraControls, type PtzStep } from './camera-controls.ts';

const DEVICE_NS = 'http://www.onvif.org/ver10/device/wsdl';

/** How long a continuous move runs for a step of a whole axis range (a step of 0.2 moves 200 ms). */
export const MOVE_MS_PER_STEP = 1_000;
const REQUEST_TIMEOUT_MS = 10_000;

export class OnvifError extends Error {}

interface RawProfile {
  $: { token: string };
  name?: string;
  PTZConfiguration?: unknown;
}

type Callback<T> = (error: Error | null, data?: T, xml?: string) => void;

interface RawCam {
  uri?: Record<string, unknown>;
  media2Support?: boolean;
  getSystemDateAndTime(callback: Callback<unknown>): void;
  getServices(includeCapability: boolean, callback: Callback<unknown>): void;
  getCapabilities(callback: Callback<unknown>): void;
  getProfiles(callback: Callback<RawProfile[]>): void;
  /** The client's SOAP request to the device service, for the calls it has no method for (relays). */
  _request(options: { body: string }, callback: Callback<unknown>): void;
  _envelopeHeader(): string;
  _envelopeFooter(): string;
  getStreamUri(
    options: { protocol: string; profileToken: string },
    callback: Callback<{ uri: string }>,
  ): void;
  continuousMove(options: Record<string, unknown>, callback: Callback<unknown>): void;
  stop(options: Record<string, unknown>, callback: Callback<unknown>): void;
  getStatus(
    options: { profileToken: string },
    callback: Callback<{ position: { x: number; y: number; zoom: number } }>,
  ): void;
  gotoHomePosition(options: { profileToken: string }, callback: Callback<unknown>): void;
  getPresets(
    options: { profileToken: string },
    callback: Callback<Record<string, { $: { token: string }; name: string }>>,
  ): void;
  gotoPreset(options: { profileToken: string; preset: string }, callback: Callback<unknown>): void;
  setPreset(
    options: { profileToken: string; presetName: string; presetToken?: string },
    callback: Callback<unknown>,
  ): void;
}

/** Calls a callback method of the client, rejecting with a clear reason. */
function call<T>(start: (callback: Callback<T>) => void): Promise<{ data: T; xml: string }> {
  return new Promise((resolve, reject) => {
    try {
      start((error, data, xml) =>
        error
          ? reject(new OnvifError(describeOnvifError(error)))
          : resolve({ data: data as T, xml: xml ?? '' }),
      );
    } catch (error) {
      reject(new OnvifError(describeOnvifError(error as Error)));
    }
  });
}

/** The client's errors in words for the log and the web app. */
export function describeOnvifError(error: Error & { code?: string }): string {
  const text = error.message ?? String(error);
  if (error.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(text))
    return 'nothing answers at the ONVIF address (wrong address or port, or the camera is off)';
  if (/EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN/.test(`${error.code} ${text}`))
    return 'the ONVIF address cannot be reached';
  if (/timeout|ETIMEDOUT/i.test(text)) return 'the camera did not answer in time (ONVIF)';
  if (/NotAuthorized|not authorized|authentication failed|Unauthorized/i.test(text))
    return 'the camera refused the user name or password (ONVIF)';
  // A TypeError is the client tripping over an answer that is no SOAP at all (e.g. a JSON 404 of a web
  // server); the others are its XML parser's.
  if (
    error instanceof TypeError ||
    /Wrong ONVIF SOAP response|Non-whitespace before first tag|Unexpected close tag|Invalid character/i.test(
      text,
    )
  )
    return 'the address does not answer as an ONVIF camera';
  if (/NoToken/i.test(text)) return 'the camera has no such preset';
  return `the camera refused the request: ${text.replace(/^ONVIF SOAP Fault:\s*/, '')}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export class OnvifCamera implements CameraControls {
  ptzAxes = { pan: false, tilt: false, zoom: false };
  hasLighting = false;
  hasPresets = false;
  private cam: RawCam | null = null;
  private connecting: Promise<RawCam> | null = null;
  private profileToken = '';

  constructor(
    private readonly spec: OnvifSourceSpec,
    private readonly logger: Logger,
    /** Called once the camera's PTZ abilities are known (the agent tells the server again). */
    private readonly onAbilities: () => void = () => {},
  ) {}

  /** Connects once (again after a failure): services, profiles, whether the chosen profile has PTZ. */
  connect(): Promise<RawCam> {
    this.connecting ??= this.open().catch((error: unknown) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }

  async ready(): Promise<void> {
    await this.connect();
  }

  /** The RTSP address of the profile to record, with the camera's credentials. */
  async streamSource(): Promise<RtspSourceSpec> {
    const cam = await this.connect();
    const { data } = await call<{ uri: string }>((cb) =>
      cam.getStreamUri({ protocol: 'RTSP', profileToken: this.profileToken }, cb),
    );
    let url: URL;
    try {
      url = new URL(data.uri);
    } catch {
      throw new OnvifError('the camera gave no usable stream address');
    }
    if (!/^rtsps?:$/.test(url.protocol)) throw new OnvifError('the camera gave no RTSP stream address');
    if (url.username === '' && this.spec.username !== '') {
      url.username = encodeURIComponent(this.spec.username);
      url.password = encodeURIComponent(this.spec.password);
    }
    return { kind: 'rtsp', location: url.href, transport: this.spec.transport };
  }

  async movePtz(step: PtzStep): Promise<PtzState> {
    const cam = await this.ptz();
    const size = Math.max(Math.abs(step.pan), Math.abs(step.tilt), Math.abs(step.zoom));
    if (size > 0) {
      const velocity = { x: step.pan / size, y: step.tilt / size, zoom: step.zoom / size };
      await call((cb) => cam.continuousMove({ profileToken: this.profileToken, ...velocity }, cb));
      try {
        await new Promise((resolve) => setTimeout(resolve, Math.round(size * MOVE_MS_PER_STEP)));
      } finally {
        await call((cb) => cam.stop({ profileToken: this.profileToken, panTilt: true, zoom: true }, cb));
      }
    }
    return this.status(cam);
  }

  async homePtz(): Promise<PtzState> {
    const cam = await this.ptz();
    await call((cb) => cam.gotoHomePosition({ profileToken: this.profileToken }, cb));
    return this.status(cam);
  }

  /** Switches the relay output named by `?light=` (active = on). */
  async setLighting(isOn: boolean): Promise<boolean> {
    const cam = await this.connect();
    const token = this.spec.lightRelayToken;
    if (!this.hasLighting || !token)
      throw new NotSupportedError(
        'this camera has no light the agent can switch (name its relay with ?light=)',
      );
    await this.device(
      cam,
      `<SetRelayOutputState xmlns="${DEVICE_NS}"><RelayOutputToken>${escapeXml(token)}</RelayOutputToken><LogicalState>${isOn ? 'active' : 'inactive'}</LogicalState></SetRelayOutputState>`,
    );
    return isOn;
  }

  async listPresets(): Promise<PtzPreset[]> {
    const cam = await this.ptz();
    const { data } = await call<Record<string, { $: { token: string }; name: string }>>((cb) =>
      cam.getPresets({ profileToken: this.profileToken }, cb),
    );
    return Object.values(data ?? {}).map((preset) => ({
      token: String(preset.$.token),
      name: String(preset.name ?? ''),
    }));
  }

  async gotoPreset(token: string): Promise<PtzState> {
    const cam = await this.ptz();
    await call((cb) => cam.gotoPreset({ profileToken: this.profileToken, preset: escapeXml(token) }, cb));
    return this.status(cam);
  }

  async savePreset(name: string, token?: string): Promise<string> {
    const cam = await this.ptz();
    const { xml } = await call((cb) =>
      cam.setPreset(
        {
          profileToken: this.profileToken,
          presetName: escapeXml(name),
          ...(token !== undefined ? { presetToken: escapeXml(token) } : {}),
        },
        cb,
      ),
    );
    const saved = /<(?:\w+:)?PresetToken>([^<]+)</.exec(xml)?.[1] ?? token;
    if (!saved) throw new OnvifError('the camera saved the preset but named no token');
    return saved;
  }

  private async open(): Promise<RawCam> {
    const { spec } = this;
    const cam = new onvif.Cam({
      hostname: spec.hostname,
      port: spec.port,
      path: spec.path,
      username: spec.username || undefined,
      password: spec.password || undefined,
      timeout: REQUEST_TIMEOUT_MS,
      autoconnect: false,
      preserveAddress: true,
    }) as unknown as RawCam;
    // The client's own connect() also reads the video sources and throws, out of reach of any caller,
    // when a profile names a source it does not list (a crash of the agent): the steps it needs are
    // taken one by one instead. The device's time first (WS-Security digests carry it), then where its
    // services are (GetServices, or GetCapabilities on older cameras), then the media profiles.
    await call((cb) => cam.getSystemDateAndTime(cb));
    try {
      await call((cb) => cam.getServices(true, cb));
    } catch (error) {
      if (/refused the user name or password/.test((error as Error).message)) throw error;
      await call((cb) => cam.getCapabilities(cb));
    }
    let profiles: RawProfile[];
    try {
      profiles = (await call<RawProfile[]>((cb) => cam.getProfiles(cb))).data ?? [];
    } catch (error) {
      if (!cam.media2Support) throw error;
      cam.media2Support = false; // a camera whose Media2 service does not work: Media1, as the client does
      profiles = (await call<RawProfile[]>((cb) => cam.getProfiles(cb))).data ?? [];
    }
    const profile = spec.profileToken ? profiles.find((p) => p.$.token === spec.profileToken) : profiles[0];
    if (!profile)
      throw new OnvifError(
        spec.profileToken
          ? `the camera has no media profile "${spec.profileToken}" (it has ${profiles.map((p) => p.$.token).join(', ') || 'none'})`
          : 'the camera has no media profile',
      );
    this.profileToken = profile.$.token;
    const hasPtz = Boolean(cam.uri?.ptz) && profile.PTZConfiguration !== undefined;
    this.ptzAxes = { pan: hasPtz, tilt: hasPtz, zoom: hasPtz };
    this.hasPresets = hasPtz;
    this.hasLighting = await this.hasLightRelay(cam);
    this.cam = cam;
    this.logger.info('ONVIF camera connected', {
      profile: this.profileToken,
      ptz: hasPtz,
      light: this.hasLighting,
    });
    this.onAbilities();
    return cam;
  }

  /** Whether the relay `?light=` names is one of the camera's relay outputs (logged when it is not). */
  private async hasLightRelay(cam: RawCam): Promise<boolean> {
    const token = this.spec.lightRelayToken;
    if (!token) return false;
    let xml: string;
    try {
      ({ xml } = await this.device(cam, `<GetRelayOutputs xmlns="${DEVICE_NS}"/>`));
    } catch (error) {
      this.logger.error('the camera does not list its relay outputs; no light', {
        reason: (error as Error).message,
      });
      return false;
    }
    const tokens = [...xml.matchAll(/<(?:\w+:)?RelayOutputs\b[^>]*\btoken="([^"]*)"/g)].map((m) => m[1]!);
    if (tokens.includes(token)) return true;
    this.logger.error('the camera has no relay output of that name; no light', {
      light: token,
      relays: tokens.join(', ') || 'none',
    });
    return false;
  }

  /** A device service call the client has no method for. */
  private device(cam: RawCam, body: string) {
    return call((cb) => cam._request({ body: cam._envelopeHeader() + body + cam._envelopeFooter() }, cb));
  }

  private async ptz(): Promise<RawCam> {
    const cam = await this.connect();
    if (!this.ptzAxes.pan) throw new NotSupportedError('this camera has no PTZ head (no ONVIF PTZ service)');
    return cam;
  }

  private async status(cam: RawCam): Promise<PtzState> {
    const { data } = await call<{ position: { x: number; y: number; zoom: number } }>((cb) =>
      cam.getStatus({ profileToken: this.profileToken }, cb),
    );
    const zoom = Number(data.position.zoom) || 0;
    return {
      pan: Number(data.position.x) || 0,
      tilt: Number(data.position.y) || 0,
      // ONVIF's generic zoom runs 0..1; the service's runs 1 (wide) to MAX_ZOOM, as the simulator's.
      zoom: 1 + Math.min(1, Math.max(0, zoom)) * (MAX_ZOOM - 1),
    };
  }
}

export interface DiscoveredCamera {
  /** The device's endpoint (a urn:uuid). */
  urn: string;
  /** Its device service addresses. */
  addresses: string[];
  name: string | null;
  hardware: string | null;
}

/** Asks the network for ONVIF cameras (WS-Discovery probe, multicast) and lists those that answer. */
export async function discoverOnvifCameras(timeoutMs = 3_000): Promise<DiscoveredCamera[]> {
  const discovery = onvif.Discovery as unknown as {
    on(event: 'error', listener: (error: unknown) => void): void;
    removeListener(event: 'error', listener: (error: unknown) => void): void;
    probe(
      options: { timeout: number; resolve: false },
      callback: (error: unknown, found: unknown[]) => void,
    ): void;
  };
  const ignore = () => {}; // an answer that is not a ProbeMatch: skipped (the emitter would throw otherwise)
  discovery.on('error', ignore);
  try {
    const found = await new Promise<unknown[]>((resolve) =>
      discovery.probe({ timeout: timeoutMs, resolve: false }, (_error, devices) => resolve(devices ?? [])),
    );
    return found.map((raw) => {
      const match = (raw as { probeMatches: { probeMatch: Record<string, unknown> } }).probeMatches
        .probeMatch;
      const scopes = String(
        (match.scopes as string | { _?: string } | undefined) && typeof match.scopes === 'object'
          ? ((match.scopes as { _?: string })._ ?? '')
          : (match.scopes ?? ''),
      ).split(/\s+/);
      const scope = (kind: string) => {
        const value = scopes.find((s) => s.startsWith(`onvif://www.onvif.org/${kind}/`));
        return value ? decodeURIComponent(value.slice(`onvif://www.onvif.org/${kind}/`.length)) : null;
      };
      return {
        urn: String((match.endpointReference as { address: string }).address),
        addresses: String(match.XAddrs ?? '')
          .split(/\s+/)
          .filter(Boolean),
        name: scope('name'),
        hardware: scope('hardware'),
      };
    });
  } finally {
    discovery.removeListener('error', ignore);
  }
}
