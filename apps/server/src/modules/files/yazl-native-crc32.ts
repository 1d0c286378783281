/**
 * yazl checksums every byte with buffer-crc32, a JavaScript loop over a table; zlib's native
 * crc32 gives the same values several times faster (the ZIP of 1 GiB in 200 files about 40%
 * sooner, npm run bench:files). yazl 3.3.1 (pinned) calls `unsigned(buffer)` and
 * `unsigned(chunk, previous)` of its `require("buffer-crc32")` only; that copy gets the native
 * function. Imported by zip-builder.ts; yazl-native-crc32.test.ts fails when these internals
 * change.
 */
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/** The buffer-crc32 module as yazl loads it (resolved from yazl's own folder). */
export const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))(
  'buffer-crc32',
) as {
  (data: Buffer, previous?: Buffer | number): Buffer;
  unsigned: (data: Buffer, previous?: number) => number;
};

/** What yazl calls instead of buffer-crc32's own `unsigned`. */
export const nativeUnsigned = (data: Buffer, previous?: number): number =>
  crc32(data, previous ?? 0);

if (typeof yazlCrc32.unsigned !== 'function') {
  throw new Error("buffer-crc32 changed: yazl's crc32.unsigned is gone (yazl-native-crc32.ts)");
}
yazlCrc32.unsigned = nativeUnsigned;
