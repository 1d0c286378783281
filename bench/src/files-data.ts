/**
 * Data and reference tools of the files benchmark: the disk's own write speed by dd, a large
 * source file of random-looking bytes written fast, the bodies of many smaller files, and
 * commands timed as child processes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';

export const MIB = 1024 * 1024;
/** Pages of this size never repeat: each carries its own counter in its first bytes. */
const PAGE = 4096;

/** Runs a command; answers its stderr and the wall time in milliseconds, or fails. */
export function timed(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ ms: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        resolve({ ms: performance.now() - started, stderr });
      } else {
        reject(new Error(`${command} ${args.join(' ')} failed (${String(code)}): ${stderr}`));
      }
    });
  });
}

export interface DiskSpeed {
  bytes: number;
  /** dd's own time (with conv=fdatasync it includes the flush). */
  seconds: number;
  mibPerSecond: number;
}

/** `dd if=/dev/zero of=<dir>/dd.tmp bs=1M count=<mib> [conv=fdatasync]`, the file removed. */
export async function measureDisk(
  dir: string,
  mib: number,
  fdatasync: boolean,
): Promise<DiskSpeed> {
  const target = path.join(dir, 'dd.tmp');
  const args = ['if=/dev/zero', `of=${target}`, 'bs=1M', `count=${mib}`];
  if (fdatasync) {
    args.push('conv=fdatasync');
  }
  try {
    const { ms, stderr } = await timed('dd', args, dir);
    // "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2.34 s, 459 MB/s"
    const match = /(\d+) bytes .*copied, ([\d.,]+) s/.exec(stderr);
    const bytes = match?.[1] === undefined ? mib * MIB : Number(match[1]);
    const seconds = match?.[2] === undefined ? ms / 1000 : Number(match[2].replace(',', '.'));
    return { bytes, seconds, mibPerSecond: bytes / MIB / seconds };
  } finally {
    await rm(target, { force: true });
  }
}

/** Writes `stamp` into each page of `buffer` (its first 4 bytes), so no page repeats another. */
function stampPages(buffer: Buffer, stamp: number): void {
  for (let offset = 0; offset + 4 <= buffer.length; offset += PAGE) {
    buffer.writeUInt32LE(stamp >>> 0, offset);
  }
}

/**
 * Writes `mib` MiB of random-looking bytes to `file`: a 64 MiB random block written again and
 * again with a counter in every page, then flushed (fdatasync), so its write-back cannot
 * disturb what is measured next.
 */
export async function writeSourceFile(file: string, mib: number): Promise<number> {
  const block = randomBytes(64 * MIB);
  const handle = await open(file, 'w');
  let written = 0;
  try {
    for (let round = 0; written < mib * MIB; round += 1) {
      stampPages(block, round);
      const size = Math.min(block.length, mib * MIB - written);
      await handle.write(block, 0, size);
      written += size;
    }
    await handle.datasync();
  } finally {
    await handle.close();
  }
  return written;
}

/** `count` sizes from about 1/3 to 5/3 of the mean, adding up to exactly `total` bytes. */
export function spreadSizes(count: number, total: number): number[] {
  const mean = total / count;
  const sizes = Array.from({ length: count }, (_, index) =>
    Math.floor(mean * (1 / 3 + (4 / 3) * (count === 1 ? 0.5 : index / (count - 1)))),
  );
  const sum = sizes.reduce((a, b) => a + b, 0);
  sizes[count - 1] = (sizes[count - 1] ?? 0) + total - sum;
  // Not sorted by size: big and small files alternate as in a real folder.
  return sizes.map((_, index) => sizes[(index * 7) % count] ?? 0);
}

/** Random bytes: each body a differently placed slice of one random block, pages stamped. */
export function randomBodies(): (index: number, size: number) => Buffer {
  const block = randomBytes(64 * MIB);
  return (index, size) => {
    if (size > block.length) {
      throw new Error('a file of this benchmark is at most 64 MiB');
    }
    const start = ((index * 5_242_883) % (block.length - size + 1)) & ~(PAGE - 1);
    const body = Buffer.from(block.subarray(start, start + size));
    stampPages(body, 0x8000_0000 + index);
    return body;
  };
}

/**
 * Text-like bytes (16 letters and a line break every 64 bytes: about 4 bits of information a
 * byte, so deflate halves them roughly) for the deflated comparison.
 */
export function textBodies(): (index: number, size: number) => Buffer {
  const random = randomBytes(64 * MIB);
  const block = Buffer.alloc(random.length);
  for (let offset = 0; offset < random.length; offset += 1) {
    block[offset] = offset % 64 === 63 ? 10 : 97 + ((random[offset] ?? 0) & 15);
  }
  return (index, size) => {
    const start = (index * 1_048_573) % (block.length - size + 1);
    return Buffer.from(block.subarray(start, start + size));
  };
}
