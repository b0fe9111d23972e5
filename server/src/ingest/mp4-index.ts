// Reads a clip's MP4 index (its moov box) in this process, so that a well-formed clip needs no ffprobe process:
// at a clip a minute per camera, one ffprobe start per clip cost about as much CPU as all the live stills of the
// same cameras (issue 19, point 3). It answers what ffprobe would for the fields the clip check reads, or null
// for anything it does not fully vouch for (no ftyp, QuickTime, fragmented, more than one track, not H.264, a
// sample outside the file's media data, sizes that do not add up): the caller then asks ffprobe, whose answer
// stays the one that refuses a clip. Like ffprobe -count_packets it reads the index and checks that every frame
// it names is present; it decodes nothing.
import fs from 'node:fs/promises';
import type { ProbeResult } from '../video/probe.ts';

/** A moov larger than this is not one of our minute clips (theirs is a few KB): left to ffprobe. */
const MOOV_MAX_BYTES = 4 * 1024 * 1024;
/** More top-level boxes than this is not one of our clips either. */
const MAX_TOP_BOXES = 64;
/** ffprobe's name for the ISO base media demuxer, as the clip check expects it. */
const MP4_FORMAT_NAMES = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'];

interface Box {
  type: string;
  /** Where the payload starts and the box ends (offsets in the buffer or file it was read from). */
  start: number;
  end: number;
}

/** Thrown for anything not vouched for; caught in readMp4Probe and answered as null. */
class NotVouched extends Error {}

function need(condition: unknown): asserts condition {
  if (!condition) throw new NotVouched();
}

/** The boxes between from and to of buf; every one must fit. */
function childBoxes(buf: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    need(at + 8 <= to);
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      need(at + 16 <= to);
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    need(size >= header && at + size <= to);
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

const only = (boxes: Box[], type: string): Box => {
  const found = boxes.filter((b) => b.type === type);
  need(found.length === 1);
  return found[0]!;
};

/** The payload of a full box (version and flags skipped) and its version. */
const fullBox = (buf: Buffer, box: Box) => {
  need(box.end - box.start >= 4);
  return { version: buf.readUInt8(box.start), at: box.start + 4 };
};

/** Timescale and duration of an mvhd or mdhd box. */
function timing(buf: Buffer, box: Box): { timescale: number; duration: number } {
  const { version, at } = fullBox(buf, box);
  if (version === 1) {
    need(at + 28 <= box.end);
    return { timescale: buf.readUInt32BE(at + 16), duration: Number(buf.readBigUInt64BE(at + 20)) };
  }
  need(version === 0 && at + 16 <= box.end);
  return { timescale: buf.readUInt32BE(at + 8), duration: buf.readUInt32BE(at + 12) };
}

/** A table of `count` entries of `entryBytes` after the full box's version/flags and entry count. */
function table(buf: Buffer, box: Box, entryBytes: number): { count: number; at: number } {
  const { at } = fullBox(buf, box);
  need(at + 4 <= box.end);
  const count = buf.readUInt32BE(at);
  need(at + 4 + count * entryBytes <= box.end);
  return { count, at: at + 4 };
}

interface VideoTrack {
  width: number;
  height: number;
  /** Byte ranges of the frames in the file. */
  samples: { offset: number; size: number }[];
  timescale: number;
  duration: number;
}

function videoTrack(buf: Buffer, trak: Box): VideoTrack {
  const mdia = only(childBoxes(buf, trak.start, trak.end), 'mdia');
  const mdiaBoxes = childBoxes(buf, mdia.start, mdia.end);
  const hdlr = fullBox(buf, only(mdiaBoxes, 'hdlr'));
  need(buf.toString('latin1', hdlr.at + 4, hdlr.at + 8) === 'vide');
  const { timescale, duration } = timing(buf, only(mdiaBoxes, 'mdhd'));
  const minf = only(mdiaBoxes, 'minf');
  const stbl = only(childBoxes(buf, minf.start, minf.end), 'stbl');
  const tables = childBoxes(buf, stbl.start, stbl.end);

  // One sample description: H.264 with its decoder configuration (avcC).
  const stsd = table(buf, only(tables, 'stsd'), 0);
  need(stsd.count === 1);
  const [entry] = childBoxes(buf, stsd.at, only(tables, 'stsd').end);
  need(entry && (entry.type === 'avc1' || entry.type === 'avc3'));
  // VisualSampleEntry: 6 reserved, data reference index (2), 16 reserved, width (2), height (2), … 78 bytes in all.
  need(entry.start + 78 <= entry.end);
  const width = buf.readUInt16BE(entry.start + 24);
  const height = buf.readUInt16BE(entry.start + 26);
  need(childBoxes(buf, entry.start + 78, entry.end).some((b) => b.type === 'avcC'));

  // Frame sizes (stsz), their chunks (stsc) and where the chunks lie (stco or co64).
  const stszBox = only(tables, 'stsz');
  const { at: stszAt } = fullBox(buf, stszBox);
  need(stszAt + 8 <= stszBox.end);
  const fixedSize = buf.readUInt32BE(stszAt);
  const sampleCount = buf.readUInt32BE(stszAt + 4);
  need(sampleCount > 0 && (fixedSize > 0 || stszAt + 8 + sampleCount * 4 <= stszBox.end));
  const sizeOf = (i: number) => (fixedSize > 0 ? fixedSize : buf.readUInt32BE(stszAt + 8 + i * 4));

  const stts = table(buf, only(tables, 'stts'), 8);
  let timed = 0;
  for (let i = 0; i < stts.count; i++) timed += buf.readUInt32BE(stts.at + i * 8);
  need(timed === sampleCount);

  const co64 = tables.some((b) => b.type === 'co64');
  const stco = table(buf, only(tables, co64 ? 'co64' : 'stco'), co64 ? 8 : 4);
  const chunkOffset = (i: number) =>
    co64 ? Number(buf.readBigUInt64BE(stco.at + i * 8)) : buf.readUInt32BE(stco.at + i * 4);
  const stsc = table(buf, only(tables, 'stsc'), 12);
  need(stsc.count > 0 && buf.readUInt32BE(stsc.at) === 1);

  const samples: { offset: number; size: number }[] = [];
  for (let run = 0; run < stsc.count; run++) {
    const firstChunk = buf.readUInt32BE(stsc.at + run * 12);
    const perChunk = buf.readUInt32BE(stsc.at + run * 12 + 4);
    const nextFirst = run + 1 < stsc.count ? buf.readUInt32BE(stsc.at + (run + 1) * 12) : stco.count + 1;
    need(firstChunk >= 1 && nextFirst > firstChunk && nextFirst <= stco.count + 1 && perChunk > 0);
    for (let chunk = firstChunk; chunk < nextFirst; chunk++) {
      let offset = chunkOffset(chunk - 1);
      for (let k = 0; k < perChunk; k++) {
        need(samples.length < sampleCount);
        const size = sizeOf(samples.length);
        samples.push({ offset, size });
        offset += size;
      }
    }
  }
  need(samples.length === sampleCount);
  return { width, height, samples, timescale, duration };
}

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  need(bytesRead === length);
  return buf;
}

/**
 * What ffprobe would say of the file for the clip check (format, brand, duration, one H.264 stream, its size and
 * frames, all present), read from the MP4 index alone; null when the file is anything but a plain,
 * whole, single-track H.264 MP4, so the caller asks ffprobe.
 */
export async function readMp4Probe(filePath: string): Promise<ProbeResult | null> {
  let file: fs.FileHandle | undefined;
  try {
    file = await fs.open(filePath, 'r');
    const fileSize = (await file.stat()).size;
    // The top-level boxes, read header by header: ftyp first, one moov, the media data in mdat.
    const top: { type: string; start: number; end: number }[] = [];
    for (let at = 0; at < fileSize;) {
      need(top.length < MAX_TOP_BOXES && at + 8 <= fileSize);
      const head = await readAt(file, at, Math.min(16, fileSize - at));
      let size = head.readUInt32BE(0);
      let header = 8;
      if (size === 1) {
        need(head.length >= 16);
        size = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (size === 0) size = fileSize - at;
      // A box running past the end of the file: cut short (ffprobe tells how).
      need(size >= header && at + size <= fileSize);
      top.push({ type: head.toString('latin1', 4, 8), start: at + header, end: at + size });
      at += size;
    }
    need(top[0]?.type === 'ftyp' && top[0].end - top[0].start >= 8);
    const ftyp = await readAt(file, top[0].start, 4);
    const majorBrand = ftyp.toString('latin1').trim();
    need(majorBrand !== 'qt');
    const moovs = top.filter((b) => b.type === 'moov');
    need(moovs.length === 1 && moovs[0]!.end - moovs[0]!.start <= MOOV_MAX_BYTES);
    const moovBox = moovs[0]!;
    const moov = await readAt(file, moovBox.start, moovBox.end - moovBox.start);
    const mdats = top.filter((b) => b.type === 'mdat');

    const children = childBoxes(moov, 0, moov.length);
    // Fragmented MP4 keeps its frames' index in moof boxes: left to ffprobe.
    need(!children.some((b) => b.type === 'mvex') && !top.some((b) => b.type === 'moof'));
    const movie = timing(moov, only(children, 'mvhd'));
    const traks = children.filter((b) => b.type === 'trak');
    need(traks.length === 1);
    const track = videoTrack(moov, traks[0]!);
    for (const { offset, size } of track.samples)
      need(mdats.some((m) => offset >= m.start && offset + size <= m.end));

    const [timescale, duration] =
      movie.timescale > 0 && movie.duration > 0
        ? [movie.timescale, movie.duration]
        : [track.timescale, track.duration];
    need(timescale > 0 && duration > 0);
    const frames = track.samples.length;
    return {
      formatNames: MP4_FORMAT_NAMES,
      majorBrand,
      durationMs: Math.round((duration / timescale) * 1000),
      streams: [
        {
          index: 0,
          type: 'video',
          codec: 'h264',
          width: track.width,
          height: track.height,
          announcedFrames: frames,
          readPackets: frames,
        },
      ],
      warnings: [],
    };
  } catch (error) {
    if (error instanceof NotVouched || error instanceof RangeError) return null;
    throw error;
  } finally {
    await file?.close();
  }
}
