// A small ONVIF device for the tests (the house rules allow one for an outer edge that cannot run here: a
// real PTZ camera). SOAP 1.2 over HTTP on loopback, answering the device, media and PTZ calls the `onvif`
// client package makes: GetSystemDateAndTime (open, as the spec says), GetServices, GetCapabilities,
// GetProfiles, GetVideoSources, GetStreamUri, ContinuousMove, Stop, GetStatus, GotoHomePosition, GetPresets,
// GotoPreset, SetPreset. Everything but the time needs a WS-Security UsernameToken (PasswordDigest) with
// the right user and password, as the client sends it; a wrong one gets the spec's NotAuthorized fault.
// The PTZ head is modelled: a continuous move runs at its velocity (generic space per second) until Stop,
// clamped to -1..1 (pan, tilt) and 0..1 (zoom), so tests see where the camera really points. A fixed
// camera (ptz: false) offers no PTZ service and faults PTZ calls. Also a WS-Discovery responder on the
// standard multicast group (port 3702, fixed by WS-Discovery).
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OnvifTestDeviceOptions {
  user: string;
  password: string;
  /** Whether the camera has a PTZ head (and service). */
  ptz: boolean;
  /** What GetStreamUri answers for the main profile. */
  streamUri: string;
  /** The token GetVideoSources lists (the profiles name `vs_1`); another makes the lists disagree. */
  videoSourceToken?: string;
  /** Tokens of its relay outputs (none unless given). */
  relays?: string[];
}

export interface Position {
  x: number;
  y: number;
  zoom: number;
}

export interface OnvifTestDevice {
  readonly url: string;
  readonly port: number;
  /** Where the head points now. */
  position(): Position;
  /** Whether a continuous move is running. */
  isMoving(): boolean;
  readonly presets: Map<string, { name: string; position: Position }>;
  /** Each relay output's state: true when active. */
  readonly relays: Map<string, boolean>;
  /** Operations called, in order (authorised or not). */
  readonly calls: string[];
  readonly refused: number;
  close(): Promise<void>;
}

const NS = {
  s: 'http://www.w3.org/2003/05/soap-envelope',
  tt: 'http://www.onvif.org/ver10/schema',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  ter: 'http://www.onvif.org/ver10/error',
};

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${Object.entries(NS)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ')}><s:Body>${body}</s:Body></s:Envelope>`;

const fault = (code: string, subcode: string, reason: string) =>
  envelope(
    `<s:Fault><s:Code><s:Value>s:${code}</s:Value><s:Subcode><s:Value>${subcode}</s:Value></s:Subcode></s:Code><s:Reason><s:Text xml:lang="en">${reason}</s:Text></s:Reason></s:Fault>`,
  );

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const tag = (xml: string, name: string) =>
  new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([^<]*)<`).exec(xml)?.[1];
const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );
const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const attr = (xml: string, element: string, name: string) =>
  new RegExp(`<(?:\\w+:)?${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(xml)?.[1];

export async function startOnvifTestDevice(options: OnvifTestDeviceOptions): Promise<OnvifTestDevice> {
  let position: Position = { x: 0, y: 0, zoom: 0 };
  let velocity: Position | null = null;
  let movedAt = 0;
  const presets = new Map<string, { name: string; position: Position }>();
  const calls: string[] = [];
  const relays = new Map((options.relays ?? []).map((token) => [token, false]));
  let refused = 0;
  let nextPreset = 1;

  /** Brings the head to where its running move has taken it by now. */
  const settle = () => {
    if (!velocity) return;
    const now = performance.now();
    const seconds = (now - movedAt) / 1000;
    movedAt = now;
    position = {
      x: clamp(position.x + velocity.x * seconds, -1, 1),
      y: clamp(position.y + velocity.y * seconds, -1, 1),
      zoom: clamp(position.zoom + velocity.zoom * seconds, 0, 1),
    };
  };

  const authorised = (xml: string): boolean => {
    const user = tag(xml, 'Username');
    const digest = tag(xml, 'Password');
    const nonce = tag(xml, 'Nonce');
    const created = tag(xml, 'Created');
    if (!user || !digest || !nonce || !created) return false;
    const expected = crypto
      .createHash('sha1')
      .update(
        Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(options.password)]),
      )
      .digest('base64');
    return user === options.user && digest === expected;
  };

  let baseUrl = '';
  const vector = (p: Position) =>
    `<tt:PanTilt x="${p.x}" y="${p.y}" space="http://www.onvif.org/ver10/tptz/PanTiltSpaces/PositionGenericSpace"/><tt:Zoom x="${p.zoom}" space="http://www.onvif.org/ver10/tptz/ZoomSpaces/PositionGenericSpace"/>`;
  const profile = (token: string, name: string, width: number, height: number, withPtz: boolean) =>
    `<trt:Profiles token="${token}" fixed="true"><tt:Name>${name}</tt:Name>` +
    `<tt:VideoSourceConfiguration token="vsc_1"><tt:Name>source</tt:Name><tt:UseCount>2</tt:UseCount><tt:SourceToken>vs_1</tt:SourceToken><tt:Bounds x="0" y="0" width="1280" height="720"/></tt:VideoSourceConfiguration>` +
    `<tt:VideoEncoderConfiguration token="vec_${token}"><tt:Name>${name}</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>${width}</tt:Width><tt:Height>${height}</tt:Height></tt:Resolution><tt:Quality>5</tt:Quality><tt:RateControl><tt:FrameRateLimit>10</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval><tt:BitrateLimit>2048</tt:BitrateLimit></tt:RateControl></tt:VideoEncoderConfiguration>` +
    (withPtz
      ? `<tt:PTZConfiguration token="ptz_1"><tt:Name>ptz</tt:Name><tt:UseCount>2</tt:UseCount><tt:NodeToken>node_1</tt:NodeToken></tt:PTZConfiguration>`
      : '') +
    `</trt:Profiles>`;

  const answer = (operation: string, xml: string): string | null => {
    switch (operation) {
      case 'GetSystemDateAndTime': {
        const now = new Date();
        return `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings><tt:UTCDateTime><tt:Time><tt:Hour>${now.getUTCHours()}</tt:Hour><tt:Minute>${now.getUTCMinutes()}</tt:Minute><tt:Second>${now.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${now.getUTCFullYear()}</tt:Year><tt:Month>${now.getUTCMonth() + 1}</tt:Month><tt:Day>${now.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`;
      }
      case 'GetServices': {
        const service = (namespace: string, major: number) =>
          `<tds:Service><tds:Namespace>${namespace}</tds:Namespace><tds:XAddr>${baseUrl}</tds:XAddr><tds:Version><tt:Major>${major}</tt:Major><tt:Minor>0</tt:Minor></tds:Version></tds:Service>`;
        return `<tds:GetServicesResponse>${service(NS.tds, 2)}${service(NS.trt, 2)}${options.ptz ? service(NS.tptz, 2) : ''}</tds:GetServicesResponse>`;
      }
      case 'GetCapabilities':
        return `<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>${baseUrl}</tt:XAddr></tt:Device><tt:Media><tt:XAddr>${baseUrl}</tt:XAddr></tt:Media>${options.ptz ? `<tt:PTZ><tt:XAddr>${baseUrl}</tt:XAddr></tt:PTZ>` : ''}</tds:Capabilities></tds:GetCapabilitiesResponse>`;
      case 'GetProfiles':
        return `<trt:GetProfilesResponse>${profile('main', 'mainStream', 1280, 720, options.ptz)}${profile('sub', 'subStream', 640, 360, options.ptz)}</trt:GetProfilesResponse>`;
      case 'GetRelayOutputs':
        return `<tds:GetRelayOutputsResponse>${[...relays.keys()]
          .map(
            (token) =>
              `<tds:RelayOutputs token="${token}"><tt:Properties><tt:Mode>Bistable</tt:Mode><tt:DelayTime>PT0S</tt:DelayTime><tt:IdleState>open</tt:IdleState></tt:Properties></tds:RelayOutputs>`,
          )
          .join('')}</tds:GetRelayOutputsResponse>`;
      case 'SetRelayOutputState': {
        const token = tag(xml, 'RelayOutputToken') ?? '';
        if (!relays.has(token)) return 'NoToken';
        relays.set(token, tag(xml, 'LogicalState') === 'active');
        return '<tds:SetRelayOutputStateResponse/>';
      }
      case 'GetVideoSources':
        return `<trt:GetVideoSourcesResponse><trt:VideoSources token="${options.videoSourceToken ?? 'vs_1'}"><tt:Framerate>10</tt:Framerate><tt:Resolution><tt:Width>1280</tt:Width><tt:Height>720</tt:Height></tt:Resolution></trt:VideoSources></trt:GetVideoSourcesResponse>`;
      case 'GetStreamUri': {
        const token = tag(xml, 'ProfileToken');
        const uri = token === 'sub' ? options.streamUri.replace(/\/?$/, '/sub') : options.streamUri;
        return `<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>${uri.replace(/&/g, '&amp;')}</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>`;
      }
    }
    if (!options.ptz) return null;
    switch (operation) {
      case 'ContinuousMove':
        settle();
        velocity = {
          x: Number(attr(xml, 'PanTilt', 'x') ?? 0),
          y: Number(attr(xml, 'PanTilt', 'y') ?? 0),
          zoom: Number(attr(xml, 'Zoom', 'x') ?? 0),
        };
        movedAt = performance.now();
        return '<tptz:ContinuousMoveResponse/>';
      case 'Stop':
        settle();
        velocity = null;
        return '<tptz:StopResponse/>';
      case 'GetStatus':
        settle();
        return `<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position>${vector(position)}</tt:Position><tt:MoveStatus><tt:PanTilt>${velocity ? 'MOVING' : 'IDLE'}</tt:PanTilt><tt:Zoom>${velocity ? 'MOVING' : 'IDLE'}</tt:Zoom></tt:MoveStatus><tt:UtcTime>${new Date().toISOString()}</tt:UtcTime></tptz:PTZStatus></tptz:GetStatusResponse>`;
      case 'GotoHomePosition':
        velocity = null;
        position = { x: 0, y: 0, zoom: 0 };
        return '<tptz:GotoHomePositionResponse/>';
      case 'GetPresets':
        return `<tptz:GetPresetsResponse>${[...presets]
          .map(
            ([token, preset]) =>
              `<tptz:Preset token="${token}"><tt:Name>${escapeXml(preset.name)}</tt:Name><tt:PTZPosition>${vector(preset.position)}</tt:PTZPosition></tptz:Preset>`,
          )
          .join('')}</tptz:GetPresetsResponse>`;
      case 'GotoPreset': {
        const preset = presets.get(tag(xml, 'PresetToken') ?? '');
        if (!preset) return 'NoToken';
        velocity = null;
        position = { ...preset.position };
        return '<tptz:GotoPresetResponse/>';
      }
      case 'SetPreset': {
        settle();
        const given = tag(xml, 'PresetToken');
        if (given !== undefined && !presets.has(given)) return 'NoToken';
        const token = given ?? String(nextPreset++);
        presets.set(token, {
          name: unescapeXml(tag(xml, 'PresetName') ?? `Preset ${token}`),
          position: { ...position },
        });
        return `<tptz:SetPresetResponse><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`;
      }
    }
    return null;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const xml = Buffer.concat(chunks).toString('utf8');
      const body = /<(?:\w+:)?Body[^>]*>\s*<(?:\w+:)?(\w+)/.exec(xml);
      const operation = body?.[1] ?? '';
      calls.push(operation);
      const send = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' });
        response.end(text);
      };
      if (operation !== 'GetSystemDateAndTime' && !authorised(xml)) {
        refused += 1;
        return send(400, fault('Sender', 'ter:NotAuthorized', 'Sender not authorized'));
      }
      const result = answer(operation, xml);
      if (result === null)
        return send(
          400,
          fault('Receiver', 'ter:ActionNotSupported', `Optional Action Not Implemented: ${operation}`),
        );
      if (result === 'NoToken') return send(400, fault('Sender', 'ter:NoToken', 'No such PTZ preset'));
      send(200, envelope(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}/onvif/device_service`;

  return {
    url: baseUrl,
    port,
    position: () => {
      settle();
      return { ...position };
    },
    isMoving: () => velocity !== null,
    presets,
    relays,
    calls,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface DiscoveryResponder {
  /** Probes answered. */
  readonly probes: number;
  close(): Promise<void>;
}

/** Answers WS-Discovery probes (multicast 239.255.255.250:3702) with a ProbeMatch naming `xaddr`. */
export async function startDiscoveryResponder(xaddr: string, urn: string): Promise<DiscoveryResponder> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  let probes = 0;
  socket.on('message', (message, remote) => {
    const text = message.toString('utf8');
    if (!text.includes('Probe>') && !text.includes('Probe ')) return;
    probes += 1;
    const relatesTo = tag(text, 'MessageID') ?? '';
    const reply = `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="${NS.s}" xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery" xmlns:dn="http://www.onvif.org/ver10/network/wsdl"><s:Header><a:MessageID>uuid:${crypto.randomUUID()}</a:MessageID><a:RelatesTo>${relatesTo}</a:RelatesTo><a:To>http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</a:To><a:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</a:Action></s:Header><s:Body><d:ProbeMatches><d:ProbeMatch><a:EndpointReference><a:Address>${urn}</a:Address></a:EndpointReference><d:Types>dn:NetworkVideoTransmitter</d:Types><d:Scopes>onvif://www.onvif.org/type/video_encoder onvif://www.onvif.org/name/TestCam onvif://www.onvif.org/hardware/PTZ-1000</d:Scopes><d:XAddrs>${xaddr}</d:XAddrs><d:MetadataVersion>1</d:MetadataVersion></d:ProbeMatch></d:ProbeMatches></s:Body></s:Envelope>`;
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(3702, () => {
      socket.addMembership('239.255.255.250');
      resolve();
    });
  });
  return {
    get probes() {
      return probes;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
