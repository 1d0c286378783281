import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { fileStorage } from '../../../api/media-files.ts';
import {
  failureDetails,
  FILE_UPLOAD_CONCURRENCY,
  FOLDER_UPLOAD_CONCURRENCY,
  invalidUploadNames,
  joinPath,
  planFolderUpload,
  type UploadResult,
} from './file-manager-rules.ts';
import type { UploadState } from './upload-dialog.tsx';
import { createFolders, runUploads } from './upload-runner.ts';

export type Notify = (severity: 'success' | 'error', text: string) => void;

const IDLE: UploadState = { total: 0, done: 0, results: [], uploading: false, preparing: false };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The file manager's uploads (spec 4, 5, 8): files into the current folder 20 at a time, a
 * chosen folder (its tree first) 10 at a time; the progress dialog's state; abort. A complete
 * success closes the dialog with a message; failures stay listed in it. `onSettled` runs after
 * every upload (the listing reloads).
 */
export function useFileUploads({
  identifier,
  path,
  notify,
  onSettled,
}: {
  identifier: string;
  path: string;
  notify: Notify;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  // Leaving the panel stops what is still going.
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = (total: number, preparing: boolean) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ total, done: 0, results: [], uploading: true, preparing });
    setOpen(true);
    return abort.signal;
  };

  const record = (result: UploadResult, done: number) => {
    setState((previous) => ({ ...previous, done, results: [...previous.results, result] }));
  };

  /** After the uploads: the abort entry, or the failure or success message. */
  const finish = (
    signal: AbortSignal,
    results: readonly UploadResult[],
    failed: (count: number, details: string) => string,
    succeeded: () => string,
  ) => {
    if (signal.aborted) {
      setState((previous) => ({
        ...previous,
        uploading: false,
        preparing: false,
        results: [
          ...previous.results,
          {
            file: t('producer.files.messages.aborted'),
            success: false,
            error: t('producer.files.messages.abortedError'),
          },
        ],
      }));
      return;
    }
    setState((previous) => ({ ...previous, uploading: false, preparing: false }));
    const failures = results.filter((result) => !result.success).length;
    if (failures > 0) {
      notify('error', failed(failures, failureDetails(results)));
    } else {
      setOpen(false);
      notify('success', succeeded());
    }
  };

  const stopWithError = (text: string) => {
    setState((previous) => ({ ...previous, uploading: false, preparing: false }));
    notify('error', text);
  };

  async function uploadFiles(files: readonly File[]) {
    if (!identifier) {
      notify('error', t('producer.files.messages.noIdentifier'));
      return;
    }
    const invalid = invalidUploadNames(files, t('producer.files.unnamed'));
    if (invalid.length > 0) {
      notify('error', t('producer.files.messages.invalidFiles', { names: invalid.join(', ') }));
      return;
    }
    if (files.length === 0) {
      return;
    }
    const signal = start(files.length, false);
    const storage = fileStorage(identifier);
    try {
      const results = await runUploads(
        files.map((file) => ({
          name: file.name,
          run: (abort) => storage.put(joinPath(path, file.name), file, { signal: abort }),
        })),
        { concurrency: FILE_UPLOAD_CONCURRENCY, signal, onResult: record },
      );
      finish(
        signal,
        results,
        (count, details) =>
          t('producer.files.messages.uploadsFailed', {
            failed: count,
            total: files.length,
            details,
          }),
        () => t('producer.files.messages.uploaded', { n: results.length }),
      );
    } catch (error) {
      stopWithError(t('producer.files.messages.uploadError', { message: messageOf(error) }));
    } finally {
      onSettled();
    }
  }

  async function uploadFolder(files: readonly File[]) {
    if (!identifier) {
      notify('error', t('producer.files.messages.noIdentifier'));
      return;
    }
    const plan = planFolderUpload(
      files.map((file) => ({ file, relativePath: file.webkitRelativePath || file.name })),
    );
    if (!plan) {
      notify('error', t('producer.files.messages.noValidFiles'));
      return;
    }
    const signal = start(plan.files.length, true);
    const storage = fileStorage(identifier);
    try {
      await createFolders(
        plan.folders.map((folder) => joinPath(path, folder)),
        (folder) => storage.mkdir(folder),
        { concurrency: FOLDER_UPLOAD_CONCURRENCY, signal },
      );
      setState((previous) => ({ ...previous, preparing: false }));
      const results = signal.aborted
        ? []
        : await runUploads(
            plan.files.map(({ file, relativePath }) => ({
              name: relativePath,
              run: (abort) => storage.put(joinPath(path, relativePath), file, { signal: abort }),
            })),
            { concurrency: FOLDER_UPLOAD_CONCURRENCY, signal, onResult: record },
          );
      finish(
        signal,
        results,
        (count, details) =>
          t('producer.files.messages.folderFilesFailed', {
            failed: count,
            total: plan.files.length,
            details,
          }),
        () =>
          t('producer.files.messages.folderUploaded', {
            name: plan.name,
            files: results.length,
            folders: plan.folders.length,
          }),
      );
    } catch (error) {
      if (signal.aborted) {
        finish(
          signal,
          [],
          () => '',
          () => '',
        );
      } else {
        stopWithError(
          t('producer.files.messages.folderUploadError', { message: messageOf(error) }),
        );
      }
    } finally {
      onSettled();
    }
  }

  return {
    open,
    state,
    uploadFiles,
    uploadFolder,
    abort: () => {
      controller.current?.abort();
    },
    close: () => {
      if (!state.uploading) {
        setOpen(false);
      }
    },
  };
}
