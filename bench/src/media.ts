/**
 * Media benchmark (issue 14, item 6): the pipeline for a 60-second 1080p source, in one run.
 *
 * Makes the source once (bench/out/media-source-1080p.mp4: 1920x1080, 25 fps, H.264 and AAC from
 * ffmpeg's test patterns), recreates data/bench-media, starts the real server on it
 * (`node --import tsx apps/server/src/main.ts`, PGlite, demo data and accounts; the first start
 * makes the demo media, before the clock starts), creates a medium as the demo producer and
 * PUTs the source by WebDAV (curl, HTTP Basic) while sampling the server's VmRSS every 50 ms.
 * From the end of the upload it polls the medium's jobs every 100 ms: time to poster (the poster
 * job done) and time to all renditions (the renditions job done). Then the same ffmpeg arguments
 * (hlsArguments) run directly on the same file, `--direct-runs` times (median), for the ratio
 * (target at most 1.1). RSS growth is the peak during the pipeline over the RSS before the upload
 * (target at most 64 MiB; ffmpeg is a child process of its own and not counted).
 *
 * Then Debian's Chromium (playwright-core, /usr/bin/chromium) opens a page of the server's
 * origin and plays the medium five times (`--plays`) from a click: the HLS stream through
 * hls.js (the player component's way in Chromium; its bundle added to the page) and, for
 * comparison, the original file; the time from the click to the first frame
 * (requestVideoFrameCallback) is measured, medians printed (target at most 1.5 s on loopback).
 *
 * Prints PASS or FAIL per target (exit code 0 either way, 1 when the run failed), keeps the
 * figures in bench/out/media-last.json and removes the data folder unless `--keep`.
 *
 *   npm run bench:media -- [--port 8385] [--seconds 60] [--direct-runs 1] [--plays 5] [--keep]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { JobList, MediaLink } from '@medienkatalog/domain';
import { findFfmpeg, probe } from '../../apps/server/src/modules/media/ffmpeg.ts';
import { hlsArguments } from '../../apps/server/src/modules/media/renditions.ts';
import { chromium } from 'playwright-core';
import {
  ApiSession,
  curlPut,
  readMemory,
  startServer,
  stopServer,
  watchMemory,
} from './files-server.ts';
import { median } from './frame-stats.ts';
import { demoProducer } from './grid-data.ts';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '8385' },
    seconds: { type: 'string', default: '60' },
    'direct-runs': { type: 'string', default: '1' },
    plays: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const outFolder = path.join(repositoryRoot, 'bench/out');
const dataDir = path.join(repositoryRoot, 'data/bench-media');
const port = Number(options.port);
const base = `http://127.0.0.1:${String(port)}`;
const seconds = Number(options.seconds);
const MIB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ffmpeg = await findFfmpeg();
if (!ffmpeg) {
  console.error('ffmpeg fehlt: apt-get install -y ffmpeg');
  process.exit(1);
}

mkdirSync(outFolder, { recursive: true });
const source = path.join(outFolder, `media-source-1080p-${String(seconds)}s.mp4`);
if (!existsSync(source)) {
  console.log(`Making the ${String(seconds)} s 1080p source ...`);
  execFileSync(ffmpeg.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${String(seconds)}`],
    ...['-f', 'lavfi', '-i', `sine=f=330:d=${String(seconds)}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-c:a', 'aac', '-shortest', source],
  ]);
}

await rm(dataDir, { recursive: true, force: true });
console.log('Starting the server (the first start makes the demo media) ...');
const startedAt = performance.now();
const server = await startServer({ repositoryRoot, dataDir, port });
console.log(`  up after ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
const pid = server.pid ?? 0;
const producer = demoProducer();
const api = new ApiSession(base);
let failed = false;
try {
  await api.logIn(producer.email, producer.password);
  const created = await api.request<{ identifier: string }>('POST', '/api/v1/producer/media', {
    fn_nr: `BENCH${String(Date.now())}`,
    fn_titel: 'Benchmark: 60 Sekunden 1080p',
    fn_adressat: 'A(5-10)',
  });
  const identifier = created.identifier;
  const { url } = await api.request<{ url: string }>(
    'GET',
    `/api/v1/producer/mediafiles/webdav/${encodeURIComponent(identifier)}`,
  );
  // Settle: the RSS before the upload is the baseline.
  await sleep(2000);
  const before = readMemory(pid).rss;
  const memory = watchMemory(pid, 50);
  const upload = await curlPut(new URL(`${url}quelle.mp4`, base), source, producer);
  const uploaded = performance.now();
  let posterMs: number | undefined;
  let renditionsMs: number | undefined;
  while (renditionsMs === undefined && performance.now() - uploaded < 30 * 60_000) {
    const { jobs } = await api.request<JobList>(
      'GET',
      `/api/v1/producer/media/${encodeURIComponent(identifier)}/jobs`,
    );
    const now = performance.now() - uploaded;
    const poster = jobs.find((job) => job.kind === 'media.poster');
    const renditions = jobs.find((job) => job.kind === 'media.renditions');
    if (poster?.state === 'done' && posterMs === undefined) {
      posterMs = now;
    }
    if (renditions?.state === 'failed') {
      throw new Error(`renditions failed: ${renditions.error ?? ''}`);
    }
    if (renditions?.state === 'done') {
      renditionsMs = now;
    }
    await sleep(100);
  }
  const watched = memory.stop();
  const growth = Math.max(watched.peak, watched.kernelPeak ?? 0) - before;
  if (renditionsMs === undefined) {
    throw new Error('the renditions did not finish within 30 minutes');
  }

  // The same ffmpeg arguments, directly.
  const probed = await probe(ffmpeg, source);
  const directRuns: number[] = [];
  for (let run = 0; run < Number(options['direct-runs']); run += 1) {
    const folder = path.join(dataDir, `direct-${String(run)}`);
    mkdirSync(folder, { recursive: true });
    const started = performance.now();
    execFileSync(ffmpeg.ffmpeg, hlsArguments(source, folder, probed));
    directRuns.push(performance.now() - started);
  }
  const directMs = median(directRuns);
  const ratio = renditionsMs / directMs;

  // Playback start in Chromium: from a click to the first frame.
  const link = await api.request<MediaLink>(
    'GET',
    `/api/v1/media/link/${encodeURIComponent(identifier)}`,
  );
  const hlsBundle = readFileSync(
    path.join(repositoryRoot, 'node_modules/hls.js/dist/hls.min.js'),
    'utf8',
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=user-gesture-required'],
  });
  const plays: { stream: number[]; original: number[]; nativeHls: string } = {
    stream: [],
    original: [],
    nativeHls: '',
  };
  try {
    // The page of our origin may run the test's script (the app's policy allows none inline).
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/api/v1/utils/features`);
    await page.setContent(
      '<!doctype html><html lang="de"><body><button id="go">Abspielen</button><div id="box"></div></body></html>',
    );
    await page.addScriptTag({ content: hlsBundle });
    plays.nativeHls = await page.evaluate(() =>
      document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
    );
    for (const way of ['stream', 'original'] as const) {
      for (let run = 0; run < Number(options.plays); run += 1) {
        await page.evaluate(
          ({ address, useHls }) => {
            const box = document.getElementById('box');
            const button = document.getElementById('go');
            if (!box || !button) {
              throw new Error('page not ready');
            }
            box.replaceChildren();
            const result = window as unknown as { firstFrame?: Promise<number> };
            result.firstFrame = new Promise<number>((resolve, reject) => {
              button.onclick = () => {
                const clicked = performance.now();
                const video = document.createElement('video');
                video.muted = false;
                box.append(video);
                video.requestVideoFrameCallback(() => {
                  resolve(performance.now() - clicked);
                });
                video.onerror = () => {
                  reject(new Error('video error'));
                };
                if (useHls) {
                  const Hls = (
                    window as unknown as {
                      Hls: new () => {
                        loadSource(a: string): void;
                        attachMedia(v: HTMLVideoElement): void;
                      };
                    }
                  ).Hls;
                  const player = new Hls();
                  player.loadSource(address);
                  player.attachMedia(video);
                } else {
                  video.src = address;
                }
                void video.play().catch(reject);
              };
            });
          },
          {
            address: way === 'stream' ? (link.stream ?? '') : (link.direct ?? ''),
            useHls: way === 'stream',
          },
        );
        await page.click('#go');
        const ms = await page.evaluate(
          () => (window as unknown as { firstFrame: Promise<number> }).firstFrame,
        );
        plays[way].push(ms);
      }
    }
  } finally {
    await browser.close();
  }

  const streamStart = median(plays.stream);
  const figures = {
    when: new Date().toISOString(),
    load: os.loadavg(),
    source: { file: path.basename(source), seconds, width: 1920, height: 1080 },
    uploadMs: upload.ms,
    posterMs,
    renditionsMs,
    directMs: directRuns,
    ratio,
    rss: { beforeMiB: before / MIB, peakMiB: watched.peak / MIB, growthMiB: growth / MIB },
    playbackStartMs: plays,
    chromiumNativeHls: plays.nativeHls,
  };
  writeFileSync(path.join(outFolder, 'media-last.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `\nLoad average: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Upload (curl PUT, ${probed.duration.toFixed(0)} s 1080p): ${(upload.ms / 1000).toFixed(2)} s`,
  );
  console.log(`Time to poster: ${((posterMs ?? Number.NaN) / 1000).toFixed(2)} s`);
  console.log(
    `Time to all renditions: ${(renditionsMs / 1000).toFixed(2)} s, ffmpeg directly ${(directMs / 1000).toFixed(2)} s: ratio ${ratio.toFixed(2)} (target <= 1.1) ${verdict(ratio <= 1.1)}`,
  );
  console.log(
    `Server RSS: ${(before / MIB).toFixed(1)} MiB before, growth ${(growth / MIB).toFixed(1)} MiB (target <= 64) ${verdict(growth <= 64 * MIB)}`,
  );
  console.log(
    `Playback start (click to first frame, median of ${String(plays.stream.length)}): HLS via hls.js ${streamStart.toFixed(0)} ms (target <= 1500) ${verdict(streamStart <= 1500)}; original ${median(plays.original).toFixed(0)} ms; runs ${plays.stream.map((ms) => ms.toFixed(0)).join(', ')}`,
  );
  console.log(`Chromium plays HLS natively: ${plays.nativeHls === '' ? 'no' : plays.nativeHls}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stopServer(server);
  if (!options.keep) {
    await rm(dataDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
