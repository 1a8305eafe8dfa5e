import type { Readable } from 'node:stream';
import yazl from 'yazl';

export type ZipEntry = { name: string; size: number; modified: Date; open: () => Promise<Readable> };

/** Makes names unique within the archive: a second 'a.jpg' becomes 'a (2).jpg'. */
function uniqueNames(entries: ZipEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map(({ name }) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return `${name.slice(0, dot)} (${count})${name.slice(dot)}`;
  });
}

/**
 * A zip of the entries, stored (JPEGs do not compress further) and streamed: each file is opened
 * only when its turn comes, so memory and open files stay flat however many there are. The size
 * is known before the first byte, so the download can show its progress.
 */
export async function zipStream(entries: ZipEntry[]): Promise<{ stream: Readable; size: number }> {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(entries);
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(
      names[i]!,
      { size: entry.size, compress: false, mtime: entry.modified, mode: 0o100644 },
      (done) => {
        entry.open().then(
          (stream) => done(null, stream),
          (error: unknown) => done(error, undefined as never),
        );
      },
    );
  });
  const output = zip.outputStream as Readable;
  // A file gone by its turn (a new render replaced it, the mockups were deleted): the download ends
  // with an error (a cut transfer, never a wrong archive) instead of hanging with nobody listening.
  zip.on('error', (error: Error) => output.destroy(error));
  const size = await new Promise<number>((resolve) => {
    zip.end({ forceZip64Format: false, comment: '' }, ((total: number) => resolve(total)) as () => void);
  });
  return { stream: output, size };
}
