/**
 * Edit-grid benchmark (issue 5, item 8): a producer with 10,000 media opens the 'Bearbeiten'
 * tab of 'Meine Medien'; the grid must be interactive within 2 s and scroll at 50 frames per
 * second or more.
 *
 * Prepares a PGlite folder (demo data plus N synthetic media in the demo producer's pool), builds
 * the web app, starts the real server on it, and drives Debian's Chromium with Playwright
 * (1600 x 1000, software rendering): opens the tab `--runs` times (a fresh page each time),
 * stamping each phase until a cell of the first row takes typed text, then scrolls the grid with
 * wheel gestures (Chrome's input pipeline), from script and with Playwright's mouse.wheel while
 * recording every animation frame. Prints the figures and a verdict; the exit code is 0 either
 * way (1 only when the run itself failed).
 *
 *   npm run bench:grid -- [--media 10000] [--runs 5] [--seconds 5] [--port 8383] [--keep]
 *                         [--skip-build] [--trace]
 *
 * `--keep` reuses data/bench-grid when it holds the same media (otherwise it is recreated);
 * `--skip-build` serves the web app built before; `--trace` writes a Chrome trace of the
 * vertical gesture scrolling to bench/out/grid-trace.json (open it in the Performance panel).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { frameStats, median, type FrameStats } from './frame-stats.ts';
import { demoProducer, prepareGridData } from './grid-data.ts';
import {
  collectLongTasks,
  longTasksSince,
  recordFrames,
  resetGridScroll,
  scrollByFrames,
  scrollRange,
  watchGridOpening,
  type FrameRecord,
  type LongTask,
} from './grid-page.ts';

const { values: args } = parseArgs({
  options: {
    media: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    port: { type: 'string', default: '8383' },
    keep: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const mediaCount = Number(args.media);
const runs = Number(args.runs);
const scrollMs = Number(args.seconds) * 1000;
const port = Number(args.port);
for (const [name, value] of Object.entries({ mediaCount, runs, scrollMs, port })) {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive whole number`);
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(repositoryRoot, 'data', 'bench-grid');
const outDir = path.join(repositoryRoot, 'bench', 'out');
const baseUrl = `http://127.0.0.1:${port}`;
const TARGET_INTERACTIVE_MS = 2000;
const TARGET_FPS = 50;
const VIEWPORT = { width: 1600, height: 1000 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** AG Grid 36 scrolls both ways in one element (the header and rows move inside it). */
const VIEWPORT_SELECTOR = '.ag-grid-viewport';

/** Epoch milliseconds with sub-millisecond precision (the page's marks use the same clock). */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: repositoryRoot, env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        resolve();
      } else {
        reject(
          new Error(`${command} ${commandArgs.join(' ')} failed (${String(code)}):\n${output}`),
        );
      }
    });
  });
}

/** The server's environment: its own PGlite folder, never the DATABASE_URL of the shell. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  return env;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')],
    { cwd: repositoryRoot, env: serverEnv(), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let attempt = 0; attempt < 600 && child.exitCode === null; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/utils/features`);
      if (response.ok) {
        return child;
      }
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start on port ${port}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Main-thread time by kind (CDP Performance.getMetrics, seconds), between two readings. */
type Metrics = Record<string, number>;
async function readMetrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}
const METRIC_NAMES = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
function metricDelta(before: Metrics, after: Metrics): Metrics {
  return Object.fromEntries(
    [...METRIC_NAMES, 'LayoutCount', 'RecalcStyleCount'].map((name) => [
      name,
      (after[name] ?? 0) - (before[name] ?? 0),
    ]),
  );
}

async function logIn(page: Page): Promise<void> {
  const producer = demoProducer();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(producer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(producer.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('button', { name: /^Benutzermenü von/ }).waitFor();
}

interface OpeningRun {
  /** Milliseconds after the click on the tab. */
  gridShown: number;
  listRequested: number;
  listLoaded: number;
  rowsShown: number;
  countShown: number;
  /** Ready (rows and count) plus the first edit: click a cell, Enter, type, Escape. */
  editMs: number;
  interactive: number;
  longTasks: LongTask[];
  metrics: Metrics;
}

/** Opens 'Meine Medien', clicks 'Bearbeiten' and stamps each phase until a cell takes text. */
async function openGrid(page: Page, cdp: CDPSession, expectedCount: number): Promise<OpeningRun> {
  await page.goto('/content-preview');
  const tab = page.getByRole('tab', { name: 'Bearbeiten', exact: true });
  await tab.waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /Medien insgesamt$/ })
    .waitFor();
  await page.waitForLoadState('networkidle');
  await sleep(300);

  const list: { requested: number[]; finished: number[] } = { requested: [], finished: [] };
  const isList = (url: string) => new URL(url).pathname === '/api/v1/producer/media';
  const onRequest = (request: { url: () => string }) => {
    if (isList(request.url())) {
      list.requested.push(now());
    }
  };
  const onFinished = (request: { url: () => string }) => {
    if (isList(request.url())) {
      list.finished.push(now());
    }
  };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);

  const before = await readMetrics(cdp);
  const watching = page.evaluate(watchGridOpening, expectedCount);
  // Handled when awaited below; this keeps a failure during the click from going unhandled.
  watching.catch(() => undefined);
  await tab.click();
  const marks = await watching;
  const ready = Math.max(marks.rowsShown ?? 0, marks.countShown ?? 0);

  // The first edit: a 'Titel' cell of the first row, Enter opens its editor, a letter typed in,
  // Escape leaves it unchanged.
  const editStarted = now();
  await page
    .locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="fn_titel"]')
    .click();
  await page.keyboard.press('Enter');
  const editor = page.locator('.ag-cell-inline-editing input');
  await editor.waitFor();
  await page.keyboard.type('x');
  const typed = await editor.inputValue();
  if (!typed.endsWith('x')) {
    throw new Error(`the editor did not take the typed letter: '${typed}'`);
  }
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
  const editMs = now() - editStarted;
  const after = await readMetrics(cdp);
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);

  const clicked = marks.clicked ?? Number.NaN;
  const since = (time: number | null | undefined) => (time ?? Number.NaN) - clicked;
  return {
    gridShown: since(marks.gridShown),
    listRequested: since(list.requested[0]),
    listLoaded: since(list.finished.at(-1)),
    rowsShown: since(marks.rowsShown),
    countShown: since(marks.countShown),
    editMs,
    interactive: ready - clicked + editMs,
    longTasks: await page.evaluate(longTasksSince, clicked),
    metrics: metricDelta(before, after),
  };
}

interface ScrollResult {
  name: string;
  driver: 'wheel' | 'script';
  /** Counts toward the verdict (the sweep is reported, not judged). */
  judged: boolean;
  stats: FrameStats;
  views: number;
  /** Wheel notches sent, or scroll steps set from script. */
  inputs: number;
  longTasks: LongTask[];
  metrics: Metrics;
}

/** Mouse-wheel scrolling from the test driver: a notch every 16 ms, as a fast wheel gives. */
async function wheelScroll(
  page: Page,
  axis: 'vertical' | 'horizontal',
  notch: number,
): Promise<FrameRecord & { inputs: number }> {
  const box = await page.locator(VIEWPORT_SELECTOR).boundingBox();
  if (!box) {
    throw new Error('grid viewport not found');
  }
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const range = await page.evaluate(scrollRange, {
    selector: VIEWPORT_SELECTOR,
    axis,
  });
  const recording = page.evaluate(recordFrames, scrollMs);
  recording.catch(() => undefined);
  const started = now();
  let position = 0;
  let direction = 1;
  let tick = 0;
  while (now() - started < scrollMs) {
    // Vertically: down for the first half, back up for the second (1,000,000 px never end);
    // horizontally: back and forth across the columns.
    if (axis === 'vertical') {
      direction = now() - started < scrollMs / 2 ? 1 : -1;
    } else if (position + direction * notch > range || position + direction * notch < 0) {
      direction = -direction;
    }
    position += direction * notch;
    await (axis === 'vertical'
      ? page.mouse.wheel(0, direction * notch)
      : page.mouse.wheel(direction * notch, 0));
    tick += 1;
    const wait = started + tick * 16 - now();
    if (wait > 0) {
      await sleep(wait);
    }
  }
  return { ...(await recording), inputs: tick };
}

/**
 * Scroll gestures through Chrome's own input pipeline (CDP Input.synthesizeScrollGesture with a
 * mouse wheel as the source, the way Chrome's smoothness benchmarks scroll): wheel events every
 * frame at `speed` px/s, as a fast wheel or a touchpad gives. Vertically down for the first half
 * and back up; horizontally back and forth across the columns.
 */
async function gestureScroll(
  page: Page,
  cdp: CDPSession,
  axis: 'vertical' | 'horizontal',
  speed: number,
): Promise<FrameRecord & { inputs: number }> {
  const box = await page.locator(VIEWPORT_SELECTOR).boundingBox();
  if (!box) {
    throw new Error('grid viewport not found');
  }
  const range = await page.evaluate(scrollRange, { selector: VIEWPORT_SELECTOR, axis });
  const recording = page.evaluate(recordFrames, scrollMs);
  recording.catch(() => undefined);
  const started = now();
  let gestures = 0;
  let direction = 1;
  while (now() - started < scrollMs) {
    // One gesture per half second at most, so the period ends close to `scrollMs`.
    let distance = Math.min(speed / 2, range);
    if (axis === 'vertical') {
      direction = now() - started < scrollMs / 2 ? 1 : -1;
    } else {
      distance = range;
    }
    // Negative distances scroll down (to the right): the content moves up (left).
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(box.x + box.width / 2),
      y: Math.round(box.y + box.height / 2),
      ...(axis === 'vertical'
        ? { yDistance: -direction * distance }
        : { xDistance: -direction * distance }),
      speed,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
    if (axis === 'horizontal') {
      direction = -direction;
    }
    gestures += 1;
  }
  return { ...(await recording), inputs: gestures };
}

async function measureScroll(
  page: Page,
  cdp: CDPSession,
  name: string,
  driver: 'wheel' | 'script',
  judged: boolean,
  action: () => Promise<FrameRecord & { inputs?: number }>,
): Promise<ScrollResult> {
  await page.evaluate(resetGridScroll);
  await sleep(700);
  const before = await readMetrics(cdp);
  const since = now();
  const record = await action();
  const after = await readMetrics(cdp);
  const longTasks = await page.evaluate(longTasksSince, since);
  return {
    name,
    driver,
    judged,
    stats: frameStats(record.frames),
    views: record.views,
    inputs: record.inputs ?? record.frames.length,
    longTasks,
    metrics: metricDelta(before, after),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-').padStart(7);
const fps = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);
const share = (part: number, whole: number) =>
  `${whole > 0 ? ((100 * part) / whole).toFixed(0) : '-'}%`.padStart(5);

function printOpening(results: OpeningRun[], poolMedia: number): boolean {
  console.log(
    `\nOpening the 'Bearbeiten' tab with ${poolMedia.toLocaleString('de-DE')} media ` +
      `(ms after the click; ${results.length} runs, a fresh page each)`,
  );
  const phases: [string, (run: OpeningRun) => number][] = [
    ['grid frame (header) on screen', (run) => run.gridShown],
    ['first list request sent', (run) => run.listRequested],
    ['all list pages loaded', (run) => run.listLoaded],
    ['rows on screen', (run) => run.rowsShown],
    ['status shows the full count', (run) => run.countShown],
    ['first edit (click, Enter, type, Esc)', (run) => run.editMs],
    ['INTERACTIVE (count + rows + edit)', (run) => run.interactive],
    ['long tasks: total', (run) => run.longTasks.reduce((sum, task) => sum + task.duration, 0)],
    ['long tasks: longest', (run) => Math.max(0, ...run.longTasks.map((task) => task.duration))],
    ['main thread: script', (run) => (run.metrics.ScriptDuration ?? 0) * 1000],
    ['main thread: layout', (run) => (run.metrics.LayoutDuration ?? 0) * 1000],
    ['main thread: style', (run) => (run.metrics.RecalcStyleDuration ?? 0) * 1000],
    ['main thread: all tasks', (run) => (run.metrics.TaskDuration ?? 0) * 1000],
  ];
  const runLabels = results.map((_run, index) => `run ${index + 1}`.padStart(7)).join('');
  console.log(`${'phase'.padEnd(38)}${runLabels}${'median'.padStart(8)}${'max'.padStart(8)}`);
  for (const [label, pick] of phases) {
    const values = results.map(pick);
    console.log(
      `${label.padEnd(38)}${values.map(ms).join('')} ${ms(median(values))} ${ms(Math.max(...values))}`,
    );
  }
  const interactive = results.map((run) => run.interactive);
  const pass = Math.max(...interactive) < TARGET_INTERACTIVE_MS;
  console.log(
    `(the edit phase includes Playwright's own click and key round trips; marks are stamped at ` +
      `the frame after the one that showed them)`,
  );
  return pass;
}

function printScroll(results: ScrollResult[]): boolean {
  console.log(
    `\nScrolling (${String(scrollMs / 1000)} s each, every animation frame recorded; ` +
      `viewport ${VIEWPORT.width} x ${VIEWPORT.height}, software rendering)`,
  );
  console.log(
    `${'phase'.padEnd(46)}${'avg fps'.padStart(8)}${'worst 1s'.padStart(9)}${'p95 ms'.padStart(8)}` +
      `${'max ms'.padStart(8)}${'>20ms'.padStart(7)}${'inputs'.padStart(7)}${'views'.padStart(7)}${'long'.padStart(6)}` +
      `${'script'.padStart(7)}${'layout'.padStart(7)}${'style'.padStart(7)}${'busy'.padStart(6)}  verdict`,
  );
  let pass = true;
  for (const result of results) {
    const { stats, metrics } = result;
    const wall = stats.seconds;
    const ok = stats.worstSecondFps >= TARGET_FPS && stats.averageFps >= TARGET_FPS;
    if (result.judged) {
      pass &&= ok;
    }
    console.log(
      `${result.name.padEnd(46)}${fps(stats.averageFps).padStart(8)}${fps(stats.worstSecondFps).padStart(9)}` +
        `${ms(stats.p95FrameMs).padStart(8)}${ms(stats.maxFrameMs).padStart(8)}` +
        `${share(stats.slowShare, 1).padStart(7)}${String(result.inputs).padStart(7)}` +
        String(result.views).padStart(7) +
        String(result.longTasks.length).padStart(6) +
        share(metrics.ScriptDuration ?? 0, wall).padStart(7) +
        share(metrics.LayoutDuration ?? 0, wall).padStart(7) +
        share(metrics.RecalcStyleDuration ?? 0, wall).padStart(7) +
        `${share(metrics.TaskDuration ?? 0, wall).padStart(6)}  ` +
        (result.judged ? (ok ? 'PASS' : 'FAIL') : `(${ok ? 'pass' : 'fail'}, not judged)`),
    );
  }
  console.log(
    `(worst 1s: fewest frames in any one-second window; >20ms: share of frames slower than 50 fps; ` +
      `inputs: wheel notches sent or script steps; views: distinct scroll positions at frame starts; long: tasks over 50 ms; script/layout/style/busy: ` +
      `main-thread time as a share of the period)`,
  );
  return pass;
}

async function measure(browser: Browser, poolMedia: number) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORT,
    locale: 'de-DE',
  });
  // tsx (esbuild with keepNames) wraps named functions in calls of `__name`; the functions
  // handed to the page bring those calls along, so the page gets a `__name` that does nothing.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(collectLongTasks);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await logIn(page);

  const openings: OpeningRun[] = [];
  for (let index = 0; index < runs; index += 1) {
    const result = await openGrid(page, cdp, poolMedia);
    openings.push(result);
    console.log(
      `run ${index + 1}: rows ${result.rowsShown.toFixed(0)} ms, count ${result.countShown.toFixed(0)} ms, ` +
        `interactive ${result.interactive.toFixed(0)} ms`,
    );
  }

  const verticalRange = await page.evaluate(scrollRange, {
    selector: VIEWPORT_SELECTOR,
    axis: 'vertical',
  });
  const horizontalRange = await page.evaluate(scrollRange, {
    selector: VIEWPORT_SELECTOR,
    axis: 'horizontal',
  });
  console.log(`scroll ranges: ${verticalRange} px vertically, ${horizontalRange} px horizontally`);
  const scrolls: ScrollResult[] = [];
  if (args.trace) {
    mkdirSync(outDir, { recursive: true });
    await browser.startTracing(page, {
      path: path.join(outDir, 'grid-trace.json'),
      screenshots: false,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'blink.user_timing',
        'latencyInfo',
      ],
    });
  }
  scrolls.push(
    await measureScroll(page, cdp, 'gesture, vertical (4,800 px/s, down, up)', 'wheel', true, () =>
      gestureScroll(page, cdp, 'vertical', 4800),
    ),
  );
  if (args.trace) {
    await browser.stopTracing();
  }
  scrolls.push(
    await measureScroll(
      page,
      cdp,
      'gesture, horizontal (3,600 px/s, 26 columns)',
      'wheel',
      true,
      () => gestureScroll(page, cdp, 'horizontal', 3600),
    ),
  );
  scrolls.push(
    await measureScroll(
      page,
      cdp,
      'script, vertical 80 px a frame (4,800 px/s)',
      'script',
      true,
      () =>
        page.evaluate(scrollByFrames, {
          selector: VIEWPORT_SELECTOR,
          axis: 'vertical' as const,
          speed: 4800,
          ms: scrollMs,
        }),
    ),
  );
  scrolls.push(
    await measureScroll(page, cdp, 'script, horizontal 60 px a frame', 'script', true, () =>
      page.evaluate(scrollByFrames, {
        selector: VIEWPORT_SELECTOR,
        axis: 'horizontal' as const,
        speed: 3600,
        ms: scrollMs,
      }),
    ),
  );
  scrolls.push(
    await measureScroll(page, cdp, 'script, sweep top to bottom and back', 'script', false, () =>
      page.evaluate(scrollByFrames, {
        selector: VIEWPORT_SELECTOR,
        axis: 'vertical' as const,
        speed: 0,
        ms: scrollMs,
      }),
    ),
  );
  // Playwright's mouse.wheel waits for each event's round trip: about 20 notches a second,
  // with idle frames between them. Reported, not judged.
  scrolls.push(
    await measureScroll(page, cdp, 'mouse.wheel, vertical (100 px a notch)', 'wheel', false, () =>
      wheelScroll(page, 'vertical', 100),
    ),
  );
  await context.close();
  return { openings, scrolls };
}

async function main() {
  const started = now();
  console.log(`Preparing ${path.relative(repositoryRoot, dataDir)} ...`);
  const data = await prepareGridData(dataDir, mediaCount, args.keep);
  console.log(
    data.reused
      ? `Reusing ${data.poolMedia} media of the demo producer's pool.`
      : `Demo data plus ${mediaCount} synthetic media: the demo producer's pool holds ` +
          `${data.poolMedia} media (${data.seconds.toFixed(0)} s).`,
  );
  if (!args['skip-build']) {
    console.log('Building the web app ...');
    await run('npm', ['run', 'build', '-w', '@medienkatalog/web'], process.env);
  }
  console.log(`Starting the server on ${baseUrl} ...`);
  const server = await startServer();
  // Never leave the server running behind a crash (it holds the PGlite folder).
  const killServer = () => server.kill('SIGKILL');
  process.once('exit', killServer);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const load = () =>
      `load average ${os.loadavg()[0]?.toFixed(1) ?? '-'} on ${os.cpus().length} CPUs`;
    console.log(`Chromium ${browser.version()}; ${load()} before measuring`);
    const { openings, scrolls } = await measure(browser, data.poolMedia);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'grid-last.json'),
      JSON.stringify({ poolMedia: data.poolMedia, openings, scrolls }, null, 2),
    );
    const openPass = printOpening(openings, data.poolMedia);
    const scrollPass = printScroll(scrolls);
    const interactive = openings.map((run) => run.interactive);
    console.log(
      `\nVERDICT  interactive < ${TARGET_INTERACTIVE_MS} ms (every run): ${openPass ? 'PASS' : 'FAIL'} ` +
        `(median ${median(interactive).toFixed(0)} ms, max ${Math.max(...interactive).toFixed(0)} ms)` +
        `\n         scrolling >= ${TARGET_FPS} fps (average and worst second, judged phases): ` +
        (scrollPass ? 'PASS' : 'FAIL') +
        `\n(${load()} after measuring: other processes on the machine lower the figures; ` +
        `${((now() - started) / 1000).toFixed(0)} s in all; figures also in ` +
        `${path.relative(repositoryRoot, path.join(outDir, 'grid-last.json'))})`,
    );
  } finally {
    await browser?.close();
    await stopServer(server);
    process.off('exit', killServer);
  }
}

await main();
