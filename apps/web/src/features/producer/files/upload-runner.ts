import pLimit from 'p-limit';
import { foldersByLevel, isAlreadyExists, type UploadResult } from './file-manager-rules.ts';

export interface UploadTask {
  /** Shown in the results: the file's name or relative path. */
  name: string;
  run: (signal: AbortSignal) => Promise<unknown>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the uploads `concurrency` at a time. After `signal` aborts, queued tasks are skipped and
 * running ones (which get the signal) are not counted: an abort is silent (spec 4). `onResult`
 * sees each finished upload with the number done so far.
 */
export async function runUploads(
  tasks: readonly UploadTask[],
  {
    concurrency,
    signal,
    onResult,
  }: {
    concurrency: number;
    signal: AbortSignal;
    onResult?: (result: UploadResult, done: number) => void;
  },
): Promise<UploadResult[]> {
  const limit = pLimit(concurrency);
  const results: UploadResult[] = [];
  // Read anew after every await: the abort comes from outside.
  const aborted = () => signal.aborted;
  await Promise.all(
    tasks.map((task) =>
      limit(async () => {
        if (aborted()) {
          return;
        }
        let result: UploadResult;
        try {
          await task.run(signal);
          result = { file: task.name, success: true };
        } catch (error) {
          result = { file: task.name, success: false, error: messageOf(error) };
        }
        if (aborted()) {
          return;
        }
        results.push(result);
        onResult?.(result, results.length);
      }),
    ),
  );
  return results;
}

/**
 * Makes the folders level by level (parents first), `concurrency` at a time; folders that exist
 * already are fine. Throws the first other failure; stops quietly after an abort.
 */
export async function createFolders(
  folders: readonly string[],
  mkdir: (folder: string) => Promise<void>,
  { concurrency, signal }: { concurrency: number; signal: AbortSignal },
): Promise<void> {
  const limit = pLimit(concurrency);
  for (const level of foldersByLevel(folders)) {
    if (signal.aborted) {
      return;
    }
    await Promise.all(
      level.map((folder) =>
        limit(async () => {
          if (signal.aborted) {
            return;
          }
          try {
            await mkdir(folder);
          } catch (error) {
            if (!isAlreadyExists(error)) {
              throw error;
            }
          }
        }),
      ),
    );
  }
}
