import type { CatalogueItem } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { recordView } from '../api/medium.ts';
import { paths } from '../lib/paths.ts';
import { plainTitle, sanitizeTitle } from '../lib/sanitize.ts';
import { AccessBadges } from './access-badges.tsx';
import { MediaFacts } from './media-facts.tsx';
import { MediaPlayback } from './media-playback.tsx';
import { StarButton } from './media-card.tsx';

/** The overlay of the eye button: the medium's details without leaving the list. */
export function MediaPreviewDialog({
  medium,
  onClose,
}: {
  medium: CatalogueItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (medium) {
      // The preview analytics event of the spec: counts for the trending list.
      recordView(medium.identifier).catch(() => undefined);
    }
  }, [medium]);
  if (!medium) {
    return null;
  }
  const text = medium.fn_kurztext || medium.fn_text || t('card.noText');
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="preview-title">
      <DialogTitle
        id="preview-title"
        dangerouslySetInnerHTML={{ __html: sanitizeTitle(medium.fn_titel) }}
      />
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '280px 1fr' } }}>
          <Box
            component="img"
            src={medium.cover}
            alt=""
            sx={{ width: '100%', borderRadius: 1, bgcolor: 'grey.200', aspectRatio: '400 / 226' }}
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
          />
          <Box>
            <Box sx={{ mb: 1 }}>
              <AccessBadges medium={medium} />
            </Box>
            <Typography sx={{ mb: 2 }}>{text}</Typography>
            <MediaFacts medium={medium} />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        <StarButton medium={medium} />
        <MediaPlayback medium={medium} title={plainTitle(medium.fn_titel)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to={paths.medium(medium.identifier)} onClick={onClose}>
          {t('preview.details')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('preview.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
