import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

// A ZIP archive written as it is read (fflate's streaming Zip): each file's content comes
// from an async source, so an archive holding years of rows never sits whole in memory.

export interface ZipEntry {
  name: string;
  content: AsyncIterable<string | Uint8Array> | Iterable<string>;
}

async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  };
  const mtime = new Date();
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of entry.content) {
      file.push(typeof chunk === 'string' ? strToU8(chunk) : new Uint8Array(chunk));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

export const zipStream = (entries: AsyncIterable<ZipEntry>): Readable =>
  Readable.from(zipChunks(entries));

/** A JSON file of the archive: readable, two-space indented. */
export const jsonEntry = (name: string, value: unknown): ZipEntry => ({
  name,
  content: [`${JSON.stringify(value, null, 2)}\n`],
});
