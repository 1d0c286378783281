import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeUnsigned, yazlCrc32 } from './yazl-native-crc32.ts';
import { buildZip } from './zip-builder.ts';

describe("yazl's checksums by zlib's native crc32", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mk-yazl-crc32-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('patches what yazl uses: its require("buffer-crc32") and unsigned(buffer) / (chunk, previous)', async () => {
    const source = await readFile(createRequire(import.meta.url).resolve('yazl'), 'utf8');
    expect(source).toContain('var crc32 = require("buffer-crc32");');
    expect([...source.matchAll(/\bcrc32\.(\w+)\(([^)]*)\)/g)].map((call) => call[0])).toEqual([
      'crc32.unsigned(buffer)',
      'crc32.unsigned(chunk, this.crc32)',
    ]);
    expect(yazlCrc32.unsigned).toBe(nativeUnsigned);
  });

  it("gives buffer-crc32's own values, also continued from a previous checksum", () => {
    const first = randomBytes(100_003);
    const second = randomBytes(65_536);
    // buffer-crc32's own function (the module's export itself) is left as it was.
    const reference = (data: Buffer, previous?: number) =>
      yazlCrc32(data, previous).readUInt32BE(0);
    expect(nativeUnsigned(first)).toBe(reference(first));
    expect(nativeUnsigned(second, nativeUnsigned(first))).toBe(reference(second, reference(first)));
    expect(nativeUnsigned(Buffer.alloc(0))).toBe(0);
  });

  it('is called for every chunk while a ZIP is built, and the CRCs in the ZIP are right', async () => {
    const source = path.join(folder, 'medium');
    const files = {
      'film.mp4': randomBytes(300_000), // stored
      'text.txt': Buffer.from('Fotosynthese '.repeat(5_000)), // deflated
    };
    await mkdir(source);
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(source, name), content);
    }
    let calls = 0;
    yazlCrc32.unsigned = (data, previous) => {
      calls += 1;
      return nativeUnsigned(data, previous);
    };
    const target = path.join(folder, 'medium.zip');
    try {
      await buildZip(source, target);
    } finally {
      yazlCrc32.unsigned = nativeUnsigned;
    }
    // At least one call per chunk of 64 KiB read from the files.
    expect(calls).toBeGreaterThanOrEqual(Math.ceil(300_000 / 65_536) + 1);
    execFileSync('unzip', ['-tq', target]);
    // unzip -v lists: length, method, size, ratio, date, time, CRC-32, name.
    const listed = execFileSync('unzip', ['-v', target], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns.length === 8 && /^[0-9a-f]{8}$/.test(columns[6] ?? ''))
      .map((columns) => [columns[7], columns[6]]);
    expect(Object.fromEntries(listed)).toEqual({
      'film.mp4': crc32(files['film.mp4']).toString(16).padStart(8, '0'),
      'text.txt': crc32(files['text.txt']).toString(16).padStart(8, '0'),
    });
  });
});
