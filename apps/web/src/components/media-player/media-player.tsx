import type { MediaLink } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AvPlayer } from './av-player.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { viewerKindOf } from './viewer-kind.ts';

export { viewerKindOf, type ViewerKind } from './viewer-kind.ts';

/**
 * Shows a medium as its kind asks (issue 14): video and audio in the player (adaptive stream
 * once built, else the original), images in a zoomable viewer, PDFs in the browser's PDF
 * viewer, web pages and apps in the sandboxed frame of the link call's `frame` address.
 */
export function MediaPlayer({
  link,
  title,
  poster,
}: {
  link: MediaLink;
  /** Plain-text title for labels. */
  title: string;
  /** The cover, shown before a video plays and above audio. */
  poster?: string;
}) {
  const { t } = useTranslation();
  const kind = viewerKindOf(link);
  switch (kind) {
    case 'video':
    case 'audio':
      return (
        <AvPlayer
          kind={kind}
          sources={{ stream: link.stream, direct: link.direct }}
          tracks={link.tracks}
          title={title}
          poster={poster}
        />
      );
    case 'image':
      return <ImageViewer source={link.direct ?? ''} title={title} />;
    case 'pdf':
      return (
        <Box role="region" aria-label={t('player.pdf', { title })}>
          <Box
            component="iframe"
            src={link.direct ?? ''}
            title={t('player.pdf', { title })}
            sx={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
          />
          <Link
            href={link.direct ?? ''}
            target="_blank"
            rel="noopener"
            sx={{ display: 'inline-block', p: 1 }}
          >
            {t('player.pdfOpen')}
          </Link>
        </Box>
      );
    case 'page':
      return (
        <Box
          component="iframe"
          src={link.frame ?? link.direct ?? ''}
          title={t('player.page', { title })}
          allow="fullscreen"
          sx={{
            width: '100%',
            height: '70vh',
            border: 0,
            display: 'block',
            bgcolor: 'common.white',
          }}
        />
      );
    case 'none':
      return <Alert severity="info">{t('player.nothing')}</Alert>;
  }
}
