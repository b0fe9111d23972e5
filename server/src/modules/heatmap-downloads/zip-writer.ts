// Writes a ZIP file entry by entry (fflate's streaming Zip): each entry is handed over as it is made and written to
// the file straight away, so a batch of hundreds of images never sits in memory at once. Images are stored as
// they are (PNG is compressed already); text entries are deflated. Names are written in UTF-8 (a camera's
// Japanese name survives), and a name given twice is refused rather than shadowing the first entry.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** Deflate the entry (text); false stores it as is (already compressed images). */
  compress: boolean;
}

export async function writeZip(
  filePath: string,
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: { modified?: Date } = {},
): Promise<{ bytes: number; entries: number }> {
  const out = createWriteStream(filePath);
  let failure: Error | null = null;
  out.on('error', (error) => {
    failure ??= error;
  });
  let bytes = 0;
  const zip = new Zip((error, chunk) => {
    if (error) {
      failure ??= error;
      return;
    }
    bytes += chunk.length;
    out.write(chunk);
  });
  const names = new Set<string>();
  const mtime = options.modified ?? new Date();
  try {
    for await (const entry of entries) {
      if (failure) break;
      if (names.has(entry.name)) throw new Error(`two ZIP entries named ${JSON.stringify(entry.name)}`);
      names.add(entry.name);
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      file.mtime = mtime;
      zip.add(file);
      // fflate hands the entry's bytes to the callback above synchronously; wait for the file to take them.
      file.push(entry.data, true);
      // (once() also rejects when the file fails meanwhile.)
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    if (failure) throw failure;
    zip.end();
    out.end();
    await once(out, 'finish');
  } catch (error) {
    zip.terminate();
    out.destroy();
    throw failure ?? error;
  }
  if (failure) throw failure;
  return { bytes, entries: names.size };
}
