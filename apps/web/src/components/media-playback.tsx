import { playerKindOf, type PlayerKind } from '@medienkatalog/domain';
import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMediaLinks } from '../api/media-link.ts';
import { useUserInfo } from '../api/user.ts';
import { useLoginPrompt } from './login-prompt.tsx';

interface Playing {
  url: string;
  kind: Exclude<PlayerKind, 'page'>;
}

interface Message {
  severity: 'success' | 'error' | 'info';
  text: string;
}

const kindOf = (url: string) => playerKindOf(new URL(url, window.location.origin).pathname);

/**
 * Play and download of a medium for signed-in users (GET /api/v1/media/link): video, audio and
 * images play in a player here, anything else opens in a new tab; downloads start at once.
 * Visitors get the login prompt.
 */
export function MediaPlayback({
  identifier,
  title,
  compact = false,
}: {
  identifier: string;
  /** Plain text title, for the player and the labels. */
  title: string;
  /** Icon buttons (cards) instead of text buttons. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: user } = useUserInfo();
  const promptLogin = useLoginPrompt();
  const [busy, setBusy] = useState<'play' | 'download' | null>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const run = async (action: 'play' | 'download') => {
    if (!user) {
      promptLogin();
      return;
    }
    setBusy(action);
    try {
      const link = await fetchMediaLinks(identifier);
      const url = action === 'play' ? link.direct : link.download;
      if (!url) {
        setMessage({ severity: 'info', text: t(`playback.${action}Missing`) });
        return;
      }
      if (action === 'download') {
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = '';
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
        setMessage({ severity: 'success', text: t('playback.downloadStarted') });
        return;
      }
      const kind = kindOf(url);
      if (kind === 'page') {
        window.open(url, '_blank', 'noopener');
      } else {
        setPlaying({ url, kind });
      }
      setMessage({ severity: 'success', text: t('playback.playing') });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setMessage({ severity: 'error', text: t(`playback.${action}Error`, { message: text }) });
    } finally {
      setBusy(null);
    }
  };

  const playLabel = t('playback.playTitle', { title });
  const downloadLabel = t('playback.downloadTitle', { title });
  return (
    <>
      {compact ? (
        <>
          <Tooltip title={playLabel}>
            <IconButton
              aria-label={playLabel}
              disabled={busy !== null}
              onClick={() => void run('play')}
            >
              <PlayArrowIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={downloadLabel}>
            <IconButton
              aria-label={downloadLabel}
              disabled={busy !== null}
              onClick={() => void run('download')}
            >
              <DownloadIcon />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            loading={busy === 'play'}
            disabled={busy === 'download'}
            onClick={() => void run('play')}
          >
            {t('playback.play')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy === 'download'}
            disabled={busy === 'play'}
            onClick={() => void run('download')}
          >
            {t('playback.download')}
          </Button>
        </>
      )}
      <Dialog
        open={playing !== null}
        onClose={() => {
          setPlaying(null);
        }}
        maxWidth="md"
        fullWidth
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {playing?.kind === 'video' && (
            <video src={playing.url} controls autoPlay style={{ width: '100%', display: 'block' }}>
              <track kind="captions" />
            </video>
          )}
          {playing?.kind === 'audio' && (
            <audio src={playing.url} controls autoPlay style={{ width: '100%' }} />
          )}
          {playing?.kind === 'image' && (
            <img src={playing.url} alt={title} style={{ width: '100%', display: 'block' }} />
          )}
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setPlaying(null);
            }}
          >
            {t('playback.close')}
          </Button>
        </DialogActions>
      </Dialog>
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
