/**
 * Files benchmark (issue 6, item 7): a 1 GiB upload by WebDAV PUT on loopback reaches at least
 * 60% of the disk's own write speed measured in the same run (`dd ... conv=fdatasync`) while the
 * server's resident memory grows by at most 64 MiB; the ZIP of 1 GiB in 200 files takes at most
 * 1.5 times as long as `zip -0 -r` on the same folder.
 *
 * Recreates data/bench-files and measures the disk there with dd (1 GiB: `--dd-runs` times with
 * conv=fdatasync, the median judged, and once without). Starts the real server on it
 * (`node --import tsx apps/server/src/main.ts`, PGlite, demo data), writes a 1 GiB source file
 * of random-looking bytes on the same disk and PUTs it `--put-runs` times with curl as a file of
 * one of the demo producer's media (`--upload-file`: streamed from disk with Content-Length, HTTP
 * Basic; the median judged), sampling the server's VmRSS every 50 ms (and reading its kernel
 * peak, VmHWM), its CPU time and the machine's. curl is the judged client because client and
 * server share the 2 CPUs on loopback: a native client (as davfs2, rclone or an operating
 * system's WebDAV mount) leaves the server the CPU it would have beside a remote client. For
 * comparison (not judged) the same file goes once with curl to a bare Node server that only pipes
 * the body into a file (write buffer 1 MiB, as the server's), and once to the server from a
 * node:http client. Then 200 files of 1 GiB in all (.mp4: the ZIP builder stores them
 * uncompressed, as `zip -0` does) go to a second medium by PUT, 8 at a time, and the server's ZIP
 * (POST .../dirlist/zip) and `zip -0 -r -q` on that folder are timed in turn, `--runs` times
 * each after a `sync` (medians compared). A smaller deflated comparison (.txt files of text-like
 * bytes; yazl and zip both at level 6) is reported, not judged.
 *
 * Prints the figures and PASS/FAIL per target (exit code 0 either way, 1 when the run failed),
 * keeps them in bench/out/files-last.json and removes the data folder unless `--keep`.
 *
 *   npm run bench:files -- [--port 8384] [--upload-mib 1024] [--put-runs 3] [--dd-runs 3]
 *                          [--files 200] [--zip-mib 1024] [--runs 3] [--deflate-mib 128] [--keep]
 */
import { createReadStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  MIB,
  measureDisk,
  randomBodies,
  spreadSizes,
  textBodies,
  timed,
  writeSourceFile,
  type DiskSpeed,
} from './files-data.ts';
import {
  ApiSession,
  curlPut,
  davRequest,
  inParallel,
  machineCpu,
  processCpuSeconds,
  readMemory,
  startServer,
  startSink,
  stopServer,
  watchMemory,
} from './files-server.ts';
import { median } from './frame-stats.ts';
import { demoProducer } from './grid-data.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8384' },
    'upload-mib': { type: 'string', default: '1024' },
    'put-runs': { type: 'string', default: '3' },
    'dd-runs': { type: 'string', default: '3' },
    files: { type: 'string', default: '200' },
    'zip-mib': { type: 'string', default: '1024' },
    runs: { type: 'string', default: '3' },
    'deflate-mib': { type: 'string', default: '128' },
    keep: { type: 'boolean', default: false },
  },
});
const port = Number(args.port);
const uploadMib = Number(args['upload-mib']);
const putRuns = Number(args['put-runs']);
const ddRuns = Number(args['dd-runs']);
const fileCount = Number(args.files);
const zipMib = Number(args['zip-mib']);
const zipRuns = Number(args.runs);
const deflateMib = Number(args['deflate-mib']);
for (const [name, value] of Object.entries({
  port,
  uploadMib,
  putRuns,
  ddRuns,
  fileCount,
  zipMib,
  zipRuns,
})) {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive whole number`);
  }
}
if (!Number.isInteger(deflateMib) || deflateMib < 0) {
  throw new Error('deflate-mib must be a whole number (0 leaves the deflated run out)');
}

const TARGET_UPLOAD_RATIO = 0.6;
const TARGET_RSS_GROWTH = 64 * MIB;
const TARGET_ZIP_FACTOR = 1.5;
const RSS_INTERVAL_MS = 50;
/** The deflated set: files of about this size (text-like bytes). */
const DEFLATE_FILE_MIB = 4;
const UPLOAD_CONCURRENCY = 8;

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(repositoryRoot, 'data', 'bench-files');
const filesRoot = path.join(dataDir, 'files');
const outDir = path.join(repositoryRoot, 'bench', 'out');
const baseUrl = `http://127.0.0.1:${port}`;

const started = performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
};
const mib = (bytes: number) => (bytes / MIB).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const rate = (bytes: number, ms: number) => bytes / MIB / (ms / 1000);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** The medium folder (DATA_DIR/files/{medium id}) that holds `name` after a PUT. */
function mediumFolder(name: string): string {
  for (const entry of readdirSync(filesRoot)) {
    const folder = path.join(filesRoot, entry);
    if (existsSync(path.join(folder, name))) {
      return folder;
    }
  }
  throw new Error(`no medium folder under ${filesRoot} holds ${name}`);
}

/** fdatasync of a file the server wrote: its remaining dirty pages go to the disk. */
async function flushFile(file: string): Promise<number> {
  const begun = performance.now();
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
  return performance.now() - begun;
}

interface PutRun {
  ms: number;
  mibPerSecond: number;
  /** fdatasync of the stored file right after the answer. */
  flushMs: number;
  rssBefore: number;
  rssPeak: number;
  rssSamples: number;
  /** CPU seconds of the server process during the upload. */
  serverCpu: number;
  /** Share of all CPUs of the machine busy during the upload. */
  machineBusy: number;
}

interface ZipRun {
  serverMs: number;
  referenceMs: number;
  serverSize: number;
  referenceSize: number;
  serverRssPeak: number;
  serverCpu: number;
}

async function main(): Promise<void> {
  const producer = demoProducer();
  const basic = { email: producer.email, password: producer.password };
  await rm(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await timed('zip', ['-v'], dataDir).catch(() => {
    throw new Error("zip is missing: apt-get install -y zip (Debian's Info-ZIP)");
  });

  log(`disk: dd 1 GiB into ${dataDir}, ${ddRuns} times with conv=fdatasync, once without`);
  const ddSync: DiskSpeed[] = [];
  for (let run = 0; run < ddRuns; run += 1) {
    ddSync.push(await measureDisk(dataDir, 1024, true));
  }
  const ddCache = await measureDisk(dataDir, 1024, false);
  const ddMedian = median(ddSync.map((speed) => speed.mibPerSecond));
  log(
    `disk: ${ddSync.map((speed) => speed.mibPerSecond.toFixed(0)).join(', ')} MiB/s with ` +
      `conv=fdatasync (median ${ddMedian.toFixed(0)}), ${ddCache.mibPerSecond.toFixed(0)} MiB/s without`,
  );

  log('server start (PGlite, demo data) and a source file of random bytes');
  const source = path.join(dataDir, 'source.bin');
  const [server, sourceBytes] = await Promise.all([
    startServer({ repositoryRoot, dataDir, port }),
    writeSourceFile(source, uploadMib),
  ]);
  const pid = server.pid;
  if (pid === undefined) {
    throw new Error('the server has no pid');
  }
  try {
    const api = new ApiSession(baseUrl);
    await api.logIn(producer.email, producer.password);
    const media = await api.request<{ identifier: string }[]>(
      'GET',
      '/api/v1/producer/media?limit=3',
    );
    if (media.length < 3) {
      throw new Error(`the demo producer has ${media.length} media, 3 needed`);
    }
    const davUrls = await Promise.all(
      media.map(async ({ identifier }) => {
        const { url } = await api.request<{ url: string }>(
          'GET',
          `/api/v1/producer/mediafiles/webdav/${encodeURIComponent(identifier)}`,
        );
        return { identifier, url: (name: string) => new URL(`${url}${name}`, baseUrl) };
      }),
    );
    const [uploadMedium, zipMedium, deflateMedium] = davUrls as [
      (typeof davUrls)[number],
      (typeof davUrls)[number],
      (typeof davUrls)[number],
    ];

    // --- The 1 GiB upload -------------------------------------------------------------------
    // A first small PUT checks the Basic login (Argon2; then cached) and creates the folder.
    await davRequest(uploadMedium.url('warmup.txt'), 'PUT', basic, {
      data: Buffer.from('warm-up\n'),
      length: 8,
    });
    const uploadFolder = mediumFolder('warmup.txt');

    // The least a Node server can do with the same upload, in its own process: the request piped
    // into a file through a write stream with the server's 1 MiB buffer.
    const sinkFile = path.join(dataDir, 'sink.bin');
    const sink = await startSink(port + 1, sinkFile, MIB);
    let sinkMs: number;
    try {
      await timed('sync', [], dataDir);
      sinkMs = (await curlPut(new URL(`http://127.0.0.1:${port + 1}/`), source, basic)).ms;
      log(`bare Node sink: ${seconds(sinkMs)} s, ${rate(sourceBytes, sinkMs).toFixed(0)} MiB/s`);
    } finally {
      await stopServer(sink);
      await rm(sinkFile, { force: true });
    }

    // The same upload from a client in Node (node:http, streamed from disk; not judged): the
    // client's JavaScript takes a CPU of the two from the server.
    await timed('sync', [], dataDir);
    const nodeClientMs = (
      await davRequest(uploadMedium.url('upload-node.mp4'), 'PUT', basic, {
        data: createReadStream(source, { highWaterMark: 256 * 1024 }),
        length: sourceBytes,
      })
    ).ms;
    await davRequest(uploadMedium.url('upload-node.mp4'), 'DELETE', basic);
    log(
      `node:http client PUT: ${seconds(nodeClientMs)} s, ` +
        `${rate(sourceBytes, nodeClientMs).toFixed(0)} MiB/s`,
    );

    const putRunList: PutRun[] = [];
    for (let run = 1; run <= putRuns; run += 1) {
      const name = `upload-${run}.mp4`;
      await timed('sync', [], dataDir);
      await sleep(500);
      const rssBefore = readMemory(pid).rss;
      const watch = watchMemory(pid, RSS_INTERVAL_MS);
      const serverCpu = processCpuSeconds(pid);
      const machine = machineCpu();
      const put = await curlPut(uploadMedium.url(name), source, basic);
      const machineAfter = machineCpu();
      const serverCpuAfter = processCpuSeconds(pid);
      const memory = watch.stop();
      const stored = path.join(uploadFolder, name);
      const flushMs = await flushFile(stored);
      const storedSize = (await stat(stored)).size;
      if (storedSize !== sourceBytes) {
        throw new Error(`the stored file has ${storedSize} bytes, ${sourceBytes} sent`);
      }
      await davRequest(uploadMedium.url(name), 'DELETE', basic);
      const result: PutRun = {
        ms: put.ms,
        mibPerSecond: rate(sourceBytes, put.ms),
        flushMs,
        rssBefore,
        rssPeak: Math.max(memory.peak, memory.kernelPeak ?? 0),
        rssSamples: memory.samples,
        serverCpu: serverCpuAfter - serverCpu,
        machineBusy: (machineAfter.busy - machine.busy) / (machineAfter.total - machine.total),
      };
      putRunList.push(result);
      log(
        `PUT ${run}: ${seconds(result.ms)} s, ${result.mibPerSecond.toFixed(0)} MiB/s ` +
          `(fdatasync after it ${seconds(flushMs)} s); RSS ${mib(rssBefore)} -> peak ` +
          `${mib(result.rssPeak)} MiB; server ${result.serverCpu.toFixed(2)} CPU s; machine ` +
          `${(result.machineBusy * 100).toFixed(0)}% busy`,
      );
    }
    const rssAfter = readMemory(pid).rss;
    await rm(source, { force: true });

    // --- The ZIP of 200 files ---------------------------------------------------------------
    const sizes = spreadSizes(fileCount, zipMib * MIB);
    const bodies = randomBodies();
    const names = sizes.map((_, index) => `clip-${String(index + 1).padStart(3, '0')}.mp4`);
    log(`ZIP: PUT ${fileCount} files, ${zipMib} MiB in all (.mp4, stored), 8 at a time`);
    const filesBegun = performance.now();
    await inParallel(
      sizes.map((size, index) => async () => {
        const data = bodies(index, size);
        return davRequest(zipMedium.url(names[index] ?? ''), 'PUT', basic, { data, length: size });
      }),
      UPLOAD_CONCURRENCY,
    );
    const filesMs = performance.now() - filesBegun;
    const zipFolder = mediumFolder(names[0] ?? '');
    log(`ZIP: uploaded in ${seconds(filesMs)} s, ${rate(zipMib * MIB, filesMs).toFixed(0)} MiB/s`);

    let deflateFolder: string | undefined;
    if (deflateMib > 0) {
      const count = Math.max(1, Math.round(deflateMib / DEFLATE_FILE_MIB));
      const text = textBodies();
      const deflateSizes = spreadSizes(count, deflateMib * MIB);
      await inParallel(
        deflateSizes.map(
          (size, index) => async () =>
            davRequest(deflateMedium.url(`text-${String(index + 1)}.txt`), 'PUT', basic, {
              data: text(index, size),
              length: size,
            }),
        ),
        UPLOAD_CONCURRENCY,
      );
      deflateFolder = mediumFolder('text-1.txt');
    }

    /** The server's ZIP of a medium's folder, then `zip <level> -r -q` on it, each after sync. */
    const zipRun = async (identifier: string, folder: string, level: string): Promise<ZipRun> => {
      const serverZip = path.join(dataDir, 'zips', `${path.basename(folder)}.zip`);
      const referenceZip = path.join(dataDir, 'reference.zip');
      // No old ZIP to replace: both write a new file.
      await rm(serverZip, { force: true });
      await timed('sync', [], dataDir);
      const zipWatch = watchMemory(pid, RSS_INTERVAL_MS);
      const serverCpu = processCpuSeconds(pid);
      const serverBegun = performance.now();
      const info = await api.request<{ fn_size: number }>(
        'POST',
        `/api/v1/producer/media/${encodeURIComponent(identifier)}/dirlist/zip`,
      );
      const serverMs = performance.now() - serverBegun;
      const serverCpuAfter = processCpuSeconds(pid);
      const zipMemory = zipWatch.stop();
      await rm(referenceZip, { force: true });
      await timed('sync', [], dataDir);
      const reference = await timed('zip', [level, '-r', '-q', referenceZip, '.'], folder);
      const referenceSize = (await stat(referenceZip)).size;
      await rm(referenceZip, { force: true });
      return {
        serverMs,
        referenceMs: reference.ms,
        serverSize: info.fn_size,
        referenceSize,
        serverRssPeak: Math.max(zipMemory.peak, zipMemory.kernelPeak ?? 0),
        serverCpu: serverCpuAfter - serverCpu,
      };
    };

    const zipRunList: ZipRun[] = [];
    for (let run = 1; run <= zipRuns; run += 1) {
      const result = await zipRun(zipMedium.identifier, zipFolder, '-0');
      zipRunList.push(result);
      log(
        `ZIP ${run}: server ${seconds(result.serverMs)} s (${mib(result.serverSize)} MiB, ` +
          `${result.serverCpu.toFixed(2)} CPU s, RSS peak ${mib(result.serverRssPeak)} MiB), ` +
          `zip -0 ${seconds(result.referenceMs)} s (${mib(result.referenceSize)} MiB)`,
      );
    }
    let deflated: ZipRun | undefined;
    if (deflateFolder !== undefined) {
      deflated = await zipRun(deflateMedium.identifier, deflateFolder, '-6');
      log(
        `deflated: server ${seconds(deflated.serverMs)} s (${mib(deflated.serverSize)} MiB), ` +
          `zip -6 ${seconds(deflated.referenceMs)} s (${mib(deflated.referenceSize)} MiB)`,
      );
    }

    // --- Verdict ----------------------------------------------------------------------------
    const putMedian = median(putRunList.map((run) => run.mibPerSecond));
    const uploadRatio = putMedian / ddMedian;
    const rssGrowth = Math.max(...putRunList.map((run) => run.rssPeak - run.rssBefore));
    const firstBefore = putRunList[0]?.rssBefore ?? Number.NaN;
    const overallPeak = Math.max(...putRunList.map((run) => run.rssPeak));
    const serverZipMs = median(zipRunList.map((run) => run.serverMs));
    const referenceZipMs = median(zipRunList.map((run) => run.referenceMs));
    const zipFactor = serverZipMs / referenceZipMs;
    const withFlush = median(putRunList.map((run) => rate(sourceBytes, run.ms + run.flushMs)));
    const rows: [string, string, string, string][] = [
      [
        `WebDAV PUT ${mib(sourceBytes)} MiB / dd conv=fdatasync`,
        `${(uploadRatio * 100).toFixed(0)}% (${putMedian.toFixed(0)} / ${ddMedian.toFixed(0)} MiB/s)`,
        `>= ${TARGET_UPLOAD_RATIO * 100}%`,
        verdict(uploadRatio >= TARGET_UPLOAD_RATIO),
      ],
      [
        'server RSS growth during a PUT',
        `+${mib(rssGrowth)} MiB`,
        `<= ${mib(TARGET_RSS_GROWTH)} MiB`,
        verdict(rssGrowth <= TARGET_RSS_GROWTH),
      ],
      [
        `ZIP ${zipMib} MiB in ${fileCount} files / zip -0 -r`,
        `${zipFactor.toFixed(2)}x (${seconds(serverZipMs)} / ${seconds(referenceZipMs)} s)`,
        `<= ${TARGET_ZIP_FACTOR}x`,
        verdict(zipFactor <= TARGET_ZIP_FACTOR),
      ],
    ];
    const header: [string, string, string, string] = ['Target', 'Measured', 'Limit', ''];
    const widths = [0, 1, 2, 3].map((column) =>
      Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
    );
    const line = (row: string[]) =>
      row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
    const cpus = os.cpus().length;
    const speeds = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    console.log('');
    console.log(
      `Files benchmark: ${cpus} CPUs, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}, Node ${process.version}, data in ${dataDir}`,
    );
    console.log(
      `  disk, dd 1 GiB: conv=fdatasync ${speeds(ddSync.map((speed) => speed.mibPerSecond))} ` +
        `MiB/s (median ${ddMedian.toFixed(0)} judged); without fdatasync ` +
        `${ddCache.mibPerSecond.toFixed(0)} MiB/s`,
    );
    const share = (mibPerSecond: number) =>
      `${((mibPerSecond / ddMedian) * 100).toFixed(0)}% of dd`;
    const sinkRate = rate(sourceBytes, sinkMs);
    const nodeClientRate = rate(sourceBytes, nodeClientMs);
    console.log(
      `  PUT with curl: ${speeds(putRunList.map((run) => run.mibPerSecond))} MiB/s (median ` +
        `${putMedian.toFixed(0)} judged); the server does not fsync: with an fdatasync of the ` +
        `stored file after the answer ${withFlush.toFixed(0)} MiB/s = ${share(withFlush)}`,
    );
    console.log(
      `  bare Node sink (pipeline(request, createWriteStream), highWaterMark 1 MiB), curl: ` +
        `${sinkRate.toFixed(0)} MiB/s = ${share(sinkRate)}; the server's median is ` +
        `${((putMedian / sinkRate) * 100).toFixed(0)}% of it`,
    );
    console.log(
      `  node:http as the client (one PUT, not judged): ${nodeClientRate.toFixed(0)} MiB/s = ` +
        share(nodeClientRate),
    );
    console.log(
      `  CPU during the PUTs (100% = one CPU): server ` +
        `${speeds(putRunList.map((run) => (run.serverCpu / (run.ms / 1000)) * 100))}%; machine ` +
        `${speeds(putRunList.map((run) => run.machineBusy * 100))}% busy (all ${cpus} CPUs)`,
    );
    console.log(
      `  RSS: ${mib(firstBefore)} MiB before the first PUT, peak ${mib(overallPeak)} MiB over all ` +
        `(every ${RSS_INTERVAL_MS} ms and VmHWM), ${mib(rssAfter)} MiB after`,
    );
    console.log(
      `  ZIP runs, server / zip -0 (s): ${zipRunList
        .map((run) => `${seconds(run.serverMs)} / ${seconds(run.referenceMs)}`)
        .join(', ')}; sizes ${mib(zipRunList[0]?.serverSize ?? 0)} / ` +
        `${mib(zipRunList[0]?.referenceSize ?? 0)} MiB`,
    );
    if (deflated) {
      console.log(
        `  deflated, not judged (${deflateMib} MiB of text-like .txt files): server ` +
          `${seconds(deflated.serverMs)} s, zip -6 -r ${seconds(deflated.referenceMs)} s ` +
          `(${(deflated.serverMs / deflated.referenceMs).toFixed(2)}x); sizes ` +
          `${mib(deflated.serverSize)} / ${mib(deflated.referenceSize)} MiB`,
      );
    }
    console.log('');
    console.log(line(header));
    for (const row of rows) {
      console.log(line(row));
    }
    console.log('');

    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'files-last.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus,
          node: process.version,
          dd: { fdatasync: ddSync, median: ddMedian, withoutFdatasync: ddCache },
          upload: { bytes: sourceBytes, runs: putRunList, median: putMedian, ratio: uploadRatio },
          sink: { ms: sinkMs, mibPerSecond: sinkRate },
          nodeClient: { ms: nodeClientMs, mibPerSecond: nodeClientRate },
          rss: { firstBefore, overallPeak, after: rssAfter, growth: rssGrowth },
          zip: { files: fileCount, bytes: zipMib * MIB, uploadMs: filesMs, runs: zipRunList },
          deflated: deflated ? { bytes: deflateMib * MIB, ...deflated } : null,
          verdicts: rows.map(([target, measured, limit, result]) => ({
            target,
            measured,
            limit,
            result,
          })),
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await stopServer(server);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (!args.keep) {
    await rm(dataDir, { recursive: true, force: true });
  }
  log(`done${args.keep ? `; data kept in ${dataDir}` : ''}`);
}
