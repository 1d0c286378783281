import { spawn } from 'node:child_process';
import path from 'node:path';

/** The ffmpeg and ffprobe programs found at start; undefined means processing is unavailable. */
export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
  /** The first line of `ffmpeg -version`. */
  version: string;
}

export interface RunOptions {
  /** Called with the media time reached in seconds (from `-progress pipe:1`). */
  onProgress?: (seconds: number) => void;
  signal?: AbortSignal;
}

/** The last part of a failed run's error output: enough to see why, never unbounded. */
const ERROR_TAIL = 2000;

/**
 * Runs a program to its end; answers its standard output, rejects with the tail of its error
 * output when it fails. With onProgress, ffmpeg reports its position (`-progress pipe:1`).
 */
export function runProgram(
  program: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (options.onProgress) {
        for (const match of chunk.matchAll(/^out_time_us=(\d+)$/gm)) {
          options.onProgress(Number(match[1]) / 1e6);
        }
        // Progress output is only read, never kept.
        output = output.slice(-ERROR_TAIL);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-ERROR_TAIL);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) {
        resolve(output);
      } else {
        const reason = signal ? `signal ${signal}` : `exit code ${String(code)}`;
        reject(new Error(`${path.basename(program)} failed (${reason}): ${errors.trim()}`));
      }
    });
  });
}

/**
 * Looks for ffmpeg (the configured program, else `ffmpeg` on the PATH) and the ffprobe beside
 * it; undefined when either does not run.
 */
export async function findFfmpeg(configured?: string): Promise<Ffmpeg | undefined> {
  const ffmpeg = configured ?? 'ffmpeg';
  const ffprobe = configured ? path.join(path.dirname(configured), 'ffprobe') : 'ffprobe';
  try {
    const version = (await runProgram(ffmpeg, ['-hide_banner', '-version'])).split('\n')[0] ?? '';
    await runProgram(ffprobe, ['-hide_banner', '-version']);
    return { ffmpeg, ffprobe, version: version.trim() };
  } catch {
    return undefined;
  }
}

/** What ffprobe tells about a media file. */
export interface ProbeResult {
  /** Seconds; 0 when unknown. */
  duration: number;
  /** Of the first video stream; undefined for audio-only files. */
  video?: { width: number; height: number; codec: string };
  audio?: { codec: string };
}

interface ProbeOutput {
  format?: { duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
  }[];
}

/** Probes a file's duration and streams (an embedded cover picture is no video). */
export async function probe(ffmpeg: Ffmpeg, file: string): Promise<ProbeResult> {
  const raw = await runProgram(ffmpeg.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,codec_name,width,height:stream_disposition=attached_pic',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(raw) as ProbeOutput;
  const streams = parsed.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const duration = Number(parsed.format?.duration ?? 0);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    ...(video
      ? {
          video: {
            width: video.width ?? 0,
            height: video.height ?? 0,
            codec: video.codec_name ?? '',
          },
        }
      : {}),
    ...(audio ? { audio: { codec: audio.codec_name ?? '' } } : {}),
  };
}
