import type { CatalogueItem } from '@medienkatalog/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * What a medium's access looks like at a glance: 'Frei' or 'OER · CC BY 4.0' for open media, and
 * the uses left under a counted licence ('Noch 3 Nutzungen', 'Keine Nutzungen mehr').
 */
export function AccessBadges({
  medium,
}: {
  medium: Pick<CatalogueItem, 'open_access' | 'remaining'>;
}) {
  const { t } = useTranslation();
  const licence = medium.open_access;
  const free = licence.toLowerCase() === 'frei';
  if (licence === '' && medium.remaining === null) {
    return null;
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {licence !== '' && (
        <Chip
          size="small"
          color="success"
          label={free ? t('access.free') : t('access.oer', { licence })}
          title={free ? t('access.freeHint') : t('access.oerHint', { licence })}
        />
      )}
      {medium.remaining !== null && (
        <Chip
          size="small"
          variant="outlined"
          label={
            medium.remaining === 0
              ? t('access.remainingNone')
              : t('access.remaining', { count: medium.remaining })
          }
          // On covers: an opaque background; no uses left in a dark red (contrast 5.6:1).
          sx={{
            bgcolor: 'background.paper',
            ...(medium.remaining === 0 ? { color: 'error.dark', borderColor: 'error.dark' } : {}),
          }}
        />
      )}
    </Stack>
  );
}
