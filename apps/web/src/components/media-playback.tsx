import type { CatalogueItem, MediaLink } from '@medienkatalog/domain';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useAccessRefresh } from '../api/access-refresh.ts';
import { ApiError } from '../api/http.ts';
import { fetchUserMediaLinks } from '../api/media-link.ts';
import { useUserInfo } from '../api/user.ts';
import { useLoginPrompt } from './login-prompt.tsx';
import { Alert, Snackbar } from './lazy-snackbar.tsx';
import { onDemand } from './on-demand.tsx';
import { viewerKindOf } from './media-player/viewer-kind.ts';

// The player (its controls, viewers and dialog) loads when something is first played.
const loadPlayerDialog = () => import('./player-dialog.tsx');
const PlayerDialog = lazy(async () => ({ default: (await loadPlayerDialog()).PlayerDialog }));
const AccessDialog = onDemand(async () => ({
  default: (await import('./access-dialog.tsx')).AccessDialog,
}));

interface Message {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** The file name a download address ends in ('Film.mp4'), for the message and the link. */
export function downloadName(url: string): string {
  const last = new URL(url, window.location.origin).pathname.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** What the playback offers a user for a medium: its access as the cards carry it. */
export type PlaybackMedium = Pick<
  CatalogueItem,
  'identifier' | 'access' | 'download' | 'remaining'
>;

/**
 * Play and download of a medium (GET /api/v1/media/link): the player shows it as its kind asks
 * (video and audio adaptive once the renditions are built, else the original, with poster,
 * captions and qualities; PDFs and images in viewers; HTML apps in the link's sandboxed frame);
 * downloads start at once and say which file ('Download gestartet: name'). Signed-in users see
 * only what their access allows: without any, 'Zugang erhalten' explains how to get it, and a
 * refusal of the server (licence ended, uses used up, stream only) shows its message there.
 * Visitors get the login prompt.
 */
export function MediaPlayback({
  medium,
  title,
  compact = false,
}: {
  medium: PlaybackMedium;
  /** Plain text title, for the player and the labels. */
  title: string;
  /** Icon buttons (cards) instead of text buttons. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const promptLogin = useLoginPrompt();
  const refreshAccess = useAccessRefresh();
  const [busy, setBusy] = useState<'play' | 'download' | null>(null);
  const [playing, setPlaying] = useState<MediaLink | null>(null);
  const [played, setPlayed] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [accessDialog, setAccessDialog] = useState<{ refusal?: string } | null>(null);

  const run = async (action: 'play' | 'download') => {
    if (!user) {
      promptLogin();
      return;
    }
    setBusy(action);
    if (action === 'play') {
      // Fetched while the link is asked for (a failure shows when the dialog renders).
      loadPlayerDialog().catch(() => undefined);
    }
    try {
      const link = await fetchUserMediaLinks(medium.identifier, action);
      if (medium.remaining !== null) {
        // The call was a use: the cards show the uses left.
        void refreshAccess();
      }
      if (action === 'download') {
        if (!link.download) {
          setMessage({ severity: 'info', text: t('playback.downloadMissing') });
          return;
        }
        const name = downloadName(link.download);
        const anchor = document.createElement('a');
        anchor.href = link.download;
        anchor.download = name;
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
        setMessage({ severity: 'success', text: t('playback.downloadStartedFile', { name }) });
        return;
      }
      if (viewerKindOf(link) === 'none') {
        setMessage({ severity: 'info', text: t('playback.playMissing') });
        return;
      }
      setPlaying(link);
      setPlayed(true);
      setMessage({ severity: 'success', text: t('playback.playing') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setAccessDialog({ refusal: error.message });
        void refreshAccess();
        return;
      }
      const text = error instanceof Error ? error.message : String(error);
      setMessage({ severity: 'error', text: t(`playback.${action}Error`, { message: text }) });
    } finally {
      setBusy(null);
    }
  };

  const playLabel = t('playback.playTitle', { title });
  const downloadLabel = t('playback.downloadTitle', { title });
  const accessLabel = t('access.getTitle', { title });
  const noAccess = user && medium.access === 'none';
  // Unknown access (a card loaded before the login) offers both; the server decides.
  const mayDownload = !user || medium.access === null || medium.download;
  const openAccess = () => {
    setAccessDialog({});
  };
  return (
    <>
      {noAccess ? (
        <Button
          variant={compact ? 'outlined' : 'contained'}
          size={compact ? 'small' : 'medium'}
          startIcon={compact ? undefined : <KeyIcon />}
          aria-label={accessLabel}
          onClick={openAccess}
          // On cards it shares a row with the producer chip: sentence case keeps it short.
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', ...(compact && { textTransform: 'none' }) }}
        >
          {t('access.get')}
        </Button>
      ) : compact ? (
        <>
          <IconButton
            aria-label={playLabel}
            // The browser's tooltip, not MUI's (see StarButton).
            title={playLabel}
            disabled={busy !== null}
            onClick={() => void run('play')}
          >
            <PlayArrowIcon />
          </IconButton>
          {mayDownload && (
            <IconButton
              aria-label={downloadLabel}
              title={downloadLabel}
              disabled={busy !== null}
              onClick={() => void run('download')}
            >
              <DownloadIcon />
            </IconButton>
          )}
        </>
      ) : (
        <>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            aria-label={playLabel}
            loading={busy === 'play'}
            disabled={busy === 'download'}
            onClick={() => void run('play')}
          >
            {t('playback.play')}
          </Button>
          {mayDownload && (
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              aria-label={downloadLabel}
              loading={busy === 'download'}
              disabled={busy === 'play'}
              onClick={() => void run('download')}
            >
              {t('playback.download')}
            </Button>
          )}
        </>
      )}
      <AccessDialog
        open={accessDialog !== null}
        title={title}
        message={accessDialog?.refusal}
        onClose={() => {
          setAccessDialog(null);
        }}
      />
      {/* Mounted from the first play on, so that closing keeps its transition. */}
      {played && (
        <Suspense fallback={null}>
          <PlayerDialog
            identifier={medium.identifier}
            link={playing}
            title={title}
            onClose={() => {
              setPlaying(null);
            }}
          />
        </Suspense>
      )}
      <Snackbar
        open={message !== null}
        autoHideDuration={5000}
        onClose={() => {
          setMessage(null);
        }}
      >
        {message ? (
          <Alert
            severity={message.severity}
            variant="filled"
            // The filled info colour has 3.9:1 with white text; the dark one 7.6:1.
            sx={message.severity === 'info' ? { bgcolor: 'info.dark' } : undefined}
            onClose={() => {
              setMessage(null);
            }}
          >
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
