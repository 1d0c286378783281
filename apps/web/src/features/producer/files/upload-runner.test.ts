import { setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createFolders, runUploads, type UploadTask } from './upload-runner.ts';

/** A signal for many uploads at once (Node warns above ten listeners; browsers do not). */
function signalFor(controller = new AbortController()) {
  setMaxListeners(100, controller.signal);
  return controller.signal;
}

/** A task that waits for `release` and records how many ran at once. */
function gatedTasks(count: number, fail: (index: number) => boolean = () => false) {
  let running = 0;
  let peak = 0;
  const gates: (() => void)[] = [];
  const tasks: UploadTask[] = Array.from({ length: count }, (_unused, index) => ({
    name: `${String(index)}.txt`,
    run: (signal) =>
      new Promise<void>((resolve, reject) => {
        running += 1;
        peak = Math.max(peak, running);
        const done = () => {
          running -= 1;
          if (fail(index)) {
            reject(new Error('Failed to upload file: HTTP 507'));
          } else {
            resolve();
          }
        };
        gates.push(done);
        signal.addEventListener('abort', () => {
          running -= 1;
          reject(new DOMException('Aborted', 'AbortError'));
        });
      }),
  }));
  return {
    tasks,
    peak: () => peak,
    /** Lets every task started so far finish. */
    releaseAll: () => {
      gates.splice(0).forEach((gate) => {
        gate();
      });
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runUploads', () => {
  it('runs at most `concurrency` uploads at once and reports each with the count done', async () => {
    const { tasks, peak, releaseAll } = gatedTasks(45, (index) => index === 3);
    const seen: number[] = [];
    const run = runUploads(tasks, {
      concurrency: 20,
      signal: signalFor(),
      onResult: (_result, done) => seen.push(done),
    });
    for (let round = 0; round < 5; round += 1) {
      await tick();
      releaseAll();
    }
    const results = await run;
    expect(peak()).toBe(20);
    expect(results).toHaveLength(45);
    expect(results.filter((result) => !result.success)).toEqual([
      { file: '3.txt', success: false, error: 'Failed to upload file: HTTP 507' },
    ]);
    expect(seen).toEqual(Array.from({ length: 45 }, (_unused, index) => index + 1));
  });

  it('stops queued and running uploads on abort without counting them as failures', async () => {
    const { tasks, releaseAll } = gatedTasks(30);
    const controller = new AbortController();
    const run = runUploads(tasks, { concurrency: 10, signal: signalFor(controller) });
    await tick();
    releaseAll(); // the first ten finish
    await tick();
    controller.abort(); // ten are running, ten wait
    const results = await run;
    expect(results).toHaveLength(10);
    expect(results.every((result) => result.success)).toBe(true);
  });
});

describe('createFolders', () => {
  it('makes parents before children and tolerates folders that exist', async () => {
    const made: string[] = [];
    await createFolders(
      ['/Kurs', '/Kurs/a', '/Kurs/b', '/Kurs/a/x'],
      async (folder) => {
        await tick();
        made.push(folder);
        if (folder === '/Kurs') {
          throw Object.assign(new Error('Failed to create directory: Invalid response: 405'), {
            status: 405,
          });
        }
      },
      { concurrency: 10, signal: new AbortController().signal },
    );
    expect(made[0]).toBe('/Kurs');
    expect(made.slice(1, 3).sort()).toEqual(['/Kurs/a', '/Kurs/b']);
    expect(made[3]).toBe('/Kurs/a/x');
  });

  it('throws other failures', async () => {
    await expect(
      createFolders(
        ['/Kurs'],
        () => Promise.reject(Object.assign(new Error('Invalid response: 403'), { status: 403 })),
        { concurrency: 10, signal: new AbortController().signal },
      ),
    ).rejects.toThrow('403');
  });
});
