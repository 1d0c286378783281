import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../files/file-storage.ts';
import { runProgram, type Ffmpeg, type ProbeResult, type RunOptions } from './ffmpeg.ts';

/**
 * The first segment of a content address that names a rendition instead of a file of the
 * medium ('/content/{ID}/{token}/:hls/{key}/master.m3u8'). ':' is not allowed in file names,
 * so no folder of a producer can ever be taken for it.
 */
export const HLS_PREFIX = ':hls';

export const MASTER_PLAYLIST = 'master.m3u8';

/** The rendition heights built from a source at least that tall (issue 14: 360p and 720p). */
export const LADDER = [
  { height: 360, videoKbps: 800, audioKbps: 96 },
  { height: 720, videoKbps: 2800, audioKbps: 128 },
] as const;

/** Seconds per segment: short enough to start quickly, long enough for few requests. */
const SEGMENT_SECONDS = 4;

/** The renditions of one file live in a folder named by its path's hash. */
export const renditionKey = (relativePath: string) =>
  createHash('sha256').update(relativePath).digest('hex').slice(0, 16);

/** What the renditions were built from: when the file changes, they no longer count. */
interface SourceStamp {
  path: string;
  size: number;
  mtimeMs: number;
}

const STAMP = 'source.json';

export function renditionFolder(storage: FileStorage, mediumId: number, relativePath: string) {
  return path.join(storage.renditionsFolder(mediumId), renditionKey(relativePath));
}

/**
 * The address (below the content token) of the master playlist of a file's renditions, when
 * they are built from the file as it is now; undefined until then (the original plays).
 */
export async function readyStream(
  storage: FileStorage,
  mediumId: number,
  relativePath: string,
  absolutePath: string,
): Promise<string | undefined> {
  const folder = renditionFolder(storage, mediumId, relativePath);
  try {
    const [stamp, source] = await Promise.all([
      readFile(path.join(folder, STAMP), 'utf8').then((text) => JSON.parse(text) as SourceStamp),
      stat(absolutePath),
    ]);
    await stat(path.join(folder, MASTER_PLAYLIST));
    if (
      stamp.path === relativePath &&
      stamp.size === source.size &&
      Math.abs(stamp.mtimeMs - source.mtimeMs) < 1
    ) {
      return `${HLS_PREFIX}/${renditionKey(relativePath)}/${MASTER_PLAYLIST}`;
    }
  } catch {
    // Not built (yet).
  }
  return undefined;
}

/** The heights to build from a source of this height: those of the ladder it reaches, else its own. */
export function ladderFor(
  sourceHeight: number,
): { height: number; videoKbps: number; audioKbps: number }[] {
  const reached = LADDER.filter((step) => step.height <= sourceHeight);
  if (reached.length > 0) {
    return [...reached];
  }
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ height, videoKbps: 500, audioKbps: 96 }];
}

/**
 * ffmpeg's arguments for the HLS renditions of `source` in `folder`: one decode, split and
 * scaled per height, H.264 (veryfast) and AAC, keyframes every segment so all renditions cut
 * at the same times, MPEG-TS segments, a VOD playlist per rendition and a master playlist.
 * The benchmark runs the same arguments directly to compare.
 */
export function hlsArguments(source: string, folder: string, probed: ProbeResult): string[] {
  const steps = ladderFor(probed.video?.height ?? 0);
  const hasAudio = probed.audio !== undefined;
  const split = `[0:v]split=${String(steps.length)}${steps.map((_, index) => `[s${String(index)}]`).join('')}`;
  const scales = steps.map(
    (step, index) => `[s${String(index)}]scale=-2:${String(step.height)}[v${String(index)}]`,
  );
  const maps = steps.flatMap((step, index) => [
    '-map',
    `[v${String(index)}]`,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    `-b:v:${String(index)}`,
    `${String(step.videoKbps)}k`,
    `-maxrate:v:${String(index)}`,
    `${String(Math.round(step.videoKbps * 1.2))}k`,
    `-bufsize:v:${String(index)}`,
    `${String(step.videoKbps * 2)}k`,
    ...(hasAudio ? [`-b:a:${String(index)}`, `${String(step.audioKbps)}k`] : []),
  ]);
  const streamMap = steps
    .map(
      (step, index) =>
        `v:${String(index)}${hasAudio ? `,a:${String(index)}` : ''},name:${String(step.height)}p`,
    )
    .join(' ');
  return [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    source,
    '-filter_complex',
    [split, ...scales].join(';'),
    ...maps,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${String(SEGMENT_SECONDS)})`,
    '-sc_threshold',
    '0',
    ...(hasAudio ? ['-c:a', 'aac', '-ac', '2'] : []),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(folder, '%v', 'segment-%04d.ts'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    path.join(folder, '%v', 'index.m3u8'),
  ];
}

/**
 * Builds the renditions of one file into a fresh folder and moves it into place when complete
 * (a half-built set is never served, and a rebuilt set replaces the old one at once).
 * Progress is the media time ffmpeg reached over the source's duration.
 */
export async function buildRenditions(
  ffmpeg: Ffmpeg,
  storage: FileStorage,
  mediumId: number,
  relativePath: string,
  absolutePath: string,
  probed: ProbeResult,
  options: RunOptions,
): Promise<{ heights: number[] }> {
  const target = renditionFolder(storage, mediumId, relativePath);
  // What an earlier attempt left half-built (its process was killed) goes first.
  const parent = path.dirname(target);
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (name.startsWith(`${path.basename(target)}.building-`)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  const building = `${target}.building-${randomBytes(4).toString('hex')}`;
  const before = await stat(absolutePath);
  await mkdir(building, { recursive: true });
  try {
    await runProgram(
      ffmpeg.ffmpeg,
      [...hlsArguments(absolutePath, building, probed), '-progress', 'pipe:1', '-nostats'],
      options,
    );
    const stamp: SourceStamp = { path: relativePath, size: before.size, mtimeMs: before.mtimeMs };
    await writeFile(path.join(building, STAMP), JSON.stringify(stamp));
    await rm(target, { recursive: true, force: true });
    await rename(building, target);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  return { heights: ladderFor(probed.video?.height ?? 0).map((step) => step.height) };
}
