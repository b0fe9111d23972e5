// The low-latency live stream (fragmented MP4, one frame per fragment). The agent sends it over its control
// channel as binary messages: a 6-byte header (kind, flags, the fragment's sequence number in its ffmpeg
// run) then the bytes. The server keeps the init segment and the fragments since the last keyframe and
// relays them to viewers over a WebSocket at liveFmp4Path, as plain fMP4 boxes (an init segment starts
// with `ftyp`, a fragment with `moof`).

/** Header kinds of an agent's binary control message. */
export const FMP4_INIT = 1;
export const FMP4_FRAGMENT = 2;
/** Header flag: the fragment starts with a keyframe (a viewer may begin there). */
const FMP4_KEYFRAME = 1;
export const FMP4_HEADER_BYTES = 6;
/** The largest fragment or init segment sent (larger ones are dropped, the viewer waits for a keyframe). */
export const FMP4_MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface Fmp4Message {
  kind: typeof FMP4_INIT | typeof FMP4_FRAGMENT;
  keyframe: boolean;
  sequence: number;
  data: Uint8Array;
}

export function encodeFmp4Message(message: Fmp4Message): Uint8Array {
  const out = new Uint8Array(FMP4_HEADER_BYTES + message.data.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, message.kind);
  view.setUint8(1, message.keyframe ? FMP4_KEYFRAME : 0);
  view.setUint32(2, message.sequence >>> 0);
  out.set(message.data, FMP4_HEADER_BYTES);
  return out;
}

/** The four-letter type of the box at `at` of `bytes`. */
const boxType = (bytes: Uint8Array, at = 0) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/** Reads a binary message; null when it is not one (unknown kind, or the bytes are not the box it says). */
export function decodeFmp4Message(raw: Uint8Array): Fmp4Message | null {
  if (raw.length < FMP4_HEADER_BYTES + 8 || raw.length > FMP4_HEADER_BYTES + FMP4_MAX_MESSAGE_BYTES)
    return null;
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const kind = view.getUint8(0);
  const data = raw.subarray(FMP4_HEADER_BYTES);
  const sequence = view.getUint32(2);
  if (kind === FMP4_INIT && boxType(data) === 'ftyp') return { kind, keyframe: false, sequence, data };
  if (kind === FMP4_FRAGMENT && boxType(data) === 'moof')
    return { kind, keyframe: (view.getUint8(1) & FMP4_KEYFRAME) !== 0, sequence, data };
  return null;
}

/** Path of a live stream's fMP4 WebSocket, from the same signed token as its HLS playlist. */
export const liveFmp4Path = (token: string) => `/api/streams/${token}/live.fmp4`;
export const liveFmp4Route = '/api/streams/:token/live.fmp4';
