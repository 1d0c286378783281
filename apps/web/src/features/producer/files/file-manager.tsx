import { formatFileSize } from '@medienkatalog/domain';
import { fetchMediaLinks } from '../../../api/media-link.ts';
import Close from '@mui/icons-material/Close';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import Download from '@mui/icons-material/Download';
import DriveFolderUpload from '@mui/icons-material/DriveFolderUpload';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Refresh from '@mui/icons-material/Refresh';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  fetchFileLink,
  fileDownloadUrl,
  fileStorage,
  invalidateMediaFiles,
  relativePath,
  useDirlist,
  useFileList,
  useRefreshZip,
  useSetIndexFile,
  type FileItem,
} from '../../../api/media-files.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { sanitizeTitle } from '../../../lib/sanitize.ts';
import {
  breadcrumbs,
  indexFileName,
  joinPath,
  nameError,
  parentPath,
  sortFileItems,
} from './file-manager-rules.ts';
import { FileTable } from './file-table.tsx';
import { CaptionPanel } from './caption-panel.tsx';
import { JobList } from './job-list.tsx';
import { NameDialog } from './name-dialog.tsx';
import { UploadDialog } from './upload-dialog.tsx';
import { useFileUploads, type Notify } from './use-file-uploads.ts';

export interface FileManagerMedium {
  identifier: string;
  fn_titel: string;
  fn_nr: string;
}

export interface FileManagerProps {
  medium: FileManagerMedium;
  /** Shows the toolbar's close button. */
  onClose?: () => void;
  /** Inside another dialog (the add-medium wizard's step 7): a smaller heading. */
  embedded?: boolean;
  /** The id of the heading, for a dialog around the panel. */
  titleId?: string;
}

interface Message {
  severity: 'success' | 'error';
  text: string;
  /** A new message restarts the snackbar's timer even with the same text. */
  key: number;
}

type NameRequest = { kind: 'create' } | { kind: 'rename'; item: FileItem };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A tab opened during the click (popup blockers allow it only then), sent to its address once
 * the call answers; without an opener, so the page shown cannot reach back.
 */
function openPendingTab() {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
  }
  return {
    show: (url: string) => {
      if (tab && !tab.closed) {
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    },
    close: () => {
      tab?.close();
    },
  };
}

/** Starts a download by a link click (the browser streams it to disk). */
function clickDownload(url: string, name?: string) {
  const link = document.createElement('a');
  link.href = url;
  if (name !== undefined) {
    link.download = name;
  }
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

function ToolbarIconButton({
  label,
  icon,
  busy = false,
  disabled = false,
  onClick,
}: {
  label: string;
  icon: ReactElement;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label} describeChild>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled || busy}>
          {busy ? <CircularProgress size={20} aria-hidden /> : icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * 'Dateien verwalten' (spec 2.7): the files of one medium in its WebDAV storage. Toolbar
 * (upload files or a folder, create a folder, play, download, refresh, close), the folder's
 * file count and size, the index-file and ZIP chips, breadcrumbs, the table with its row
 * actions, and the upload, name and delete dialogs. Messages show in a snackbar.
 */
export function FileManager({ medium, onClose, embedded = false, titleId }: FileManagerProps) {
  const { t } = useTranslation();
  const ownTitleId = useId();
  const headingId = titleId ?? ownTitleId;
  const { identifier } = medium;
  const queryClient = useQueryClient();
  const [path, setPath] = useState('/');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<Message | null>(null);
  const [nameRequest, setNameRequest] = useState<NameRequest | null>(null);
  const [nameKey, setNameKey] = useState(0);
  const [nameBusy, setNameBusy] = useState(false);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [playLoading, setPlayLoading] = useState(false);
  const [downloadLoading, setDownloadLoading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const list = useFileList(identifier, path);
  const dirlist = useDirlist(identifier);
  const setIndex = useSetIndexFile(identifier);
  const zip = useRefreshZip(identifier);

  const notify: Notify = (severity, text) => {
    setMessage((previous) => ({ severity, text, key: (previous?.key ?? 0) + 1 }));
  };
  const reload = () => {
    void invalidateMediaFiles(queryClient, identifier);
  };
  const uploads = useFileUploads({ identifier, path, notify, onSettled: reload });

  const items = useMemo(() => sortFileItems(list.data ?? []), [list.data]);
  const files = items.filter((item) => item.type === 'file');
  const totalSize = files.reduce((sum, item) => sum + item.size, 0);
  const fnIndex = dirlist.data?.FnIndex ?? null;
  const fnZip = dirlist.data?.FnZip ?? null;
  const fnSize = dirlist.data?.FnSize;
  const zipSize = formatFileSize(fnSize);

  const openFolder = (folder: string) => {
    setPath(folder);
    setPage(1);
  };

  /** Runs an action that needs the medium's id; without one, says so (spec 8). */
  const withIdentifier = (action: () => void) => () => {
    if (identifier) {
      action();
    } else {
      notify('error', t('producer.files.messages.noIdentifier'));
    }
  };

  const play = async () => {
    setPlayLoading(true);
    const tab = openPendingTab();
    try {
      const links = await fetchMediaLinks(identifier);
      if (links.direct) {
        tab.show(links.direct);
        notify('success', t('producer.files.messages.playing'));
      } else {
        tab.close();
        notify('error', t('producer.files.messages.noPlayLink'));
      }
    } catch (error) {
      tab.close();
      notify('error', t('producer.files.messages.playError', { message: messageOf(error) }));
    } finally {
      setPlayLoading(false);
    }
  };

  const downloadMedium = async () => {
    setDownloadLoading(true);
    try {
      const links = await fetchMediaLinks(identifier);
      if (links.download) {
        clickDownload(links.download);
        notify('success', t('producer.files.messages.downloadStarted'));
      } else {
        notify('error', t('producer.files.messages.noDownloadLink'));
      }
    } catch (error) {
      notify(
        'error',
        t('producer.files.messages.downloadLinkError', { message: messageOf(error) }),
      );
    } finally {
      setDownloadLoading(false);
    }
  };

  const updateZip = () => {
    zip.mutate(undefined, {
      onSuccess: () => {
        notify('success', t('producer.files.messages.zipUpdated'));
      },
      onError: (error) => {
        notify('error', t('producer.files.messages.zipError', { message: messageOf(error) }));
      },
    });
  };

  const setAsIndex = (item: FileItem) => {
    setIndex.mutate(relativePath(item.fullPath), {
      onSuccess: () => {
        notify('success', t('producer.files.messages.indexSet', { name: item.name }));
      },
      onError: (error) => {
        notify('error', t('producer.files.messages.indexError', { message: messageOf(error) }));
      },
    });
  };

  const openInBrowser = async (item: FileItem) => {
    const tab = openPendingTab();
    try {
      tab.show(await fetchFileLink(identifier, item.fullPath));
      notify('success', t('producer.files.messages.opened', { name: item.name }));
    } catch (error) {
      tab.close();
      notify('error', t('producer.files.messages.openError', { message: messageOf(error) }));
    }
  };

  const downloadFile = (item: FileItem) => {
    try {
      clickDownload(fileDownloadUrl(identifier, item.fullPath), item.name);
      notify('success', t('producer.files.messages.downloaded', { name: item.name }));
    } catch (error) {
      notify('error', t('producer.files.messages.downloadError', { message: messageOf(error) }));
    }
  };

  const askName = (request: NameRequest) => {
    setNameKey((key) => key + 1);
    setNameRequest(request);
  };

  const submitName = async (name: string) => {
    if (!nameRequest || nameError(name)) {
      return;
    }
    const storage = fileStorage(identifier);
    setNameBusy(true);
    try {
      if (nameRequest.kind === 'create') {
        try {
          await storage.mkdir(joinPath(path, name));
          notify('success', t('producer.files.messages.folderCreated'));
        } catch (error) {
          notify(
            'error',
            t('producer.files.messages.createFolderError', { message: messageOf(error) }),
          );
        }
      } else if (name !== nameRequest.item.name) {
        const { fullPath } = nameRequest.item;
        try {
          // Never over an existing entry: the storage answers 412 instead.
          await storage.move(fullPath, joinPath(parentPath(fullPath), name), { overwrite: false });
          notify('success', t('producer.files.messages.renamed'));
        } catch (error) {
          notify('error', t('producer.files.messages.renameError', { message: messageOf(error) }));
        }
      }
    } finally {
      setNameBusy(false);
      setNameRequest(null);
      reload();
    }
  };

  const confirmDelete = async () => {
    if (!deleting) {
      return;
    }
    const folder = deleting.type === 'directory';
    setDeleteBusy(true);
    try {
      await fileStorage(identifier).remove(deleting.fullPath);
      notify(
        'success',
        t(folder ? 'producer.files.messages.folderDeleted' : 'producer.files.messages.fileDeleted'),
      );
    } catch (error) {
      notify('error', t('producer.files.messages.deleteError', { message: messageOf(error) }));
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
      reload();
    }
  };

  const chosen = (input: HTMLInputElement) => {
    const selected = Array.from(input.files ?? []);
    // The same files can be chosen again.
    input.value = '';
    return selected;
  };

  const noIdentifier = identifier === '';
  const segments = breadcrumbs(path);

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant={embedded ? 'h3' : 'h2'} component="h2">
            {t('producer.files.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <span dangerouslySetInnerHTML={{ __html: sanitizeTitle(medium.fn_titel) }} />
            {medium.fn_nr && ` · ${t('producer.files.number', { nr: medium.fn_nr })}`}
          </Typography>
        </Box>
      </Stack>

      <Stack
        direction="row"
        role="group"
        aria-label={t('producer.files.toolbar.label')}
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
      >
        <Button
          variant="contained"
          startIcon={<UploadFile />}
          disabled={noIdentifier || uploads.state.uploading}
          onClick={() => fileInput.current?.click()}
        >
          {t('producer.files.toolbar.uploadFiles')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DriveFolderUpload />}
          disabled={noIdentifier || uploads.state.uploading}
          onClick={() => folderInput.current?.click()}
        >
          {t('producer.files.toolbar.uploadFolder')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<CreateNewFolderOutlined />}
          disabled={noIdentifier}
          onClick={() => {
            askName({ kind: 'create' });
          }}
        >
          {t('producer.files.toolbar.createFolder')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <ToolbarIconButton
          label={t('producer.files.toolbar.play')}
          icon={<PlayArrow />}
          busy={playLoading}
          onClick={withIdentifier(() => void play())}
        />
        <ToolbarIconButton
          label={t('producer.files.toolbar.download')}
          icon={<Download />}
          busy={downloadLoading}
          onClick={withIdentifier(() => void downloadMedium())}
        />
        <ToolbarIconButton
          label={t('producer.files.toolbar.refresh')}
          icon={<Refresh />}
          disabled={noIdentifier}
          onClick={reload}
        />
        {onClose && (
          <ToolbarIconButton
            label={t('producer.files.toolbar.close')}
            icon={<Close />}
            onClick={onClose}
          />
        )}
      </Stack>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('producer.files.toolbar.filesInput')}
        onChange={(event) => {
          void uploads.uploadFiles(chosen(event.currentTarget));
        }}
      />
      <input
        ref={(input) => {
          folderInput.current = input;
          // Not in React's attribute types: lets the browser pick a whole folder.
          input?.setAttribute('webkitdirectory', '');
          input?.setAttribute('directory', '');
        }}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('producer.files.toolbar.folderInput')}
        onChange={(event) => {
          void uploads.uploadFolder(chosen(event.currentTarget));
        }}
      />

      {noIdentifier ? (
        <Alert severity="error">{t('producer.files.messages.noIdentifier')}</Alert>
      ) : (
        <>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}
            aria-live="polite"
          >
            {list.isSuccess && (
              <Typography variant="body2" sx={{ mr: 1 }}>
                {t('producer.files.summary.files', { count: files.length })}
                {' · '}
                {t('producer.files.summary.totalSize', { size: formatFileSize(totalSize) })}
              </Typography>
            )}
            <Chip
              size="small"
              variant="outlined"
              label={
                fnIndex
                  ? t('producer.files.summary.index', { name: indexFileName(fnIndex) })
                  : t('producer.files.summary.noIndex')
              }
              {...(fnIndex ? { title: fnIndex } : {})}
            />
            {fnZip ? (
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<FolderZipOutlined />}
                  label={t('producer.files.summary.zip', { name: fnZip, size: zipSize })}
                />
                <ToolbarIconButton
                  label={t('producer.files.summary.zipRefresh')}
                  icon={<Refresh fontSize="small" />}
                  busy={zip.isPending}
                  onClick={updateZip}
                />
              </Stack>
            ) : (
              <Button
                size="small"
                startIcon={<FolderZipOutlined />}
                loading={zip.isPending}
                onClick={updateZip}
              >
                {t('producer.files.summary.zipLoad')}
              </Button>
            )}
          </Stack>

          {path !== '/' && (
            <Breadcrumbs
              aria-label={t('producer.files.breadcrumbs')}
              expandText={t('producer.files.breadcrumbsExpand')}
              sx={{ mb: 1 }}
            >
              <Link
                component="button"
                type="button"
                underline="hover"
                onClick={() => {
                  openFolder('/');
                }}
              >
                {t('producer.files.root')}
              </Link>
              {segments.map((segment, index) =>
                index === segments.length - 1 ? (
                  <Typography key={segment.path} color="text.primary" aria-current="location">
                    {segment.name}
                  </Typography>
                ) : (
                  <Link
                    key={segment.path}
                    component="button"
                    type="button"
                    underline="hover"
                    onClick={() => {
                      openFolder(segment.path);
                    }}
                  >
                    {segment.name}
                  </Link>
                ),
              )}
            </Breadcrumbs>
          )}

          {list.isPending ? (
            <Stack
              role="status"
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}
            >
              <CircularProgress size={24} aria-hidden />
              <Typography>{t('producer.files.table.loading')}</Typography>
            </Stack>
          ) : list.isError ? (
            <Alert severity="error">
              {t('producer.files.messages.loadError', { message: messageOf(list.error) })}
            </Alert>
          ) : (
            <>
              <Box sx={{ height: 4 }}>
                {list.isFetching && (
                  <LinearProgress aria-label={t('producer.files.table.loading')} />
                )}
              </Box>
              <FileTable
                items={items}
                indexFile={fnIndex}
                page={page}
                onPageChange={setPage}
                path={path}
                onOpenFolder={(item) => {
                  openFolder(item.fullPath);
                }}
                onSetIndex={setAsIndex}
                onOpenInBrowser={(item) => void openInBrowser(item)}
                onDownload={downloadFile}
                onRename={(item) => {
                  askName({ kind: 'rename', item });
                }}
                onDelete={setDeleting}
              />
              <JobList identifier={identifier} />
              <CaptionPanel identifier={identifier} />
            </>
          )}
        </>
      )}

      <UploadDialog
        open={uploads.open}
        state={uploads.state}
        onAbort={uploads.abort}
        onClose={uploads.close}
      />
      {nameRequest && (
        <NameDialog
          key={nameKey}
          open
          busy={nameBusy}
          {...(nameRequest.kind === 'create'
            ? {
                title: t('producer.files.createFolder.title'),
                label: t('producer.files.createFolder.label'),
                submitLabel: t('producer.files.createFolder.submit'),
              }
            : {
                title: t('producer.files.rename.title'),
                label: t('producer.files.rename.label'),
                submitLabel: t('producer.files.rename.submit'),
                initialName: nameRequest.item.name,
              })}
          onSubmit={(name) => void submitName(name)}
          onClose={() => {
            setNameRequest(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t(
            deleting.type === 'directory'
              ? 'producer.files.delete.folder'
              : 'producer.files.delete.file',
            { name: deleting.name },
          )}
          confirmLabel={t('producer.files.delete.confirm')}
          destructive
          busy={deleteBusy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
          }}
        />
      )}
      <Portal>
        <Snackbar
          key={message?.key}
          open={message !== null}
          autoHideDuration={message?.severity === 'error' ? null : 5000}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') {
              setMessage(null);
            }
          }}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          {message ? (
            <Alert
              severity={message.severity}
              variant="filled"
              onClose={() => {
                setMessage(null);
              }}
              slotProps={{ closeButton: { 'aria-label': t('producer.files.messages.close') } }}
              sx={{ maxWidth: 720, overflowWrap: 'anywhere' }}
            >
              {message.text}
            </Alert>
          ) : undefined}
        </Snackbar>
      </Portal>
    </Box>
  );
}

export interface FileManagerDialogProps {
  open: boolean;
  /** The medium whose files are managed; nothing shows without one. */
  medium: FileManagerMedium | null;
  onClose: () => void;
}

/** The file manager in a large dialog (the grid's 'Dateien' column opens it). */
export function FileManagerDialog({ open, medium, onClose }: FileManagerDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open && medium !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogContent>
        {medium && <FileManager medium={medium} onClose={onClose} titleId={titleId} />}
      </DialogContent>
    </Dialog>
  );
}
