import type { Licence } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { paths, producerSearch } from '../../lib/paths.ts';
import { plainTitle } from '../../lib/sanitize.ts';
import { rightsText, today, validityText } from './licence-terms.ts';

/** Where a licence's media are: the medium's page, or the search of the producer's pool. */
function ScopeLink({ scope }: { scope: Licence['scope'] }) {
  const { t } = useTranslation();
  if (scope.kind === 'media' && scope.identifier !== null) {
    return (
      <Button variant="outlined" component={RouterLink} to={paths.medium(scope.identifier)}>
        {t('access.licences.toMedium', { title: plainTitle(scope.label) })}
      </Button>
    );
  }
  if (scope.kind === 'pool') {
    return (
      <Button variant="outlined" component={RouterLink} to={producerSearch(scope.producer)}>
        {t('access.licences.toProducer', { producer: scope.producer })}
      </Button>
    );
  }
  return null;
}

/** Licences as their holder reads them: what, from whom, how long, which rights, and a link. */
export function LicenceList({ licences }: { licences: readonly Licence[] }) {
  const { t } = useTranslation();
  const now = today();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {licences.map((licence) => (
        <Paper component="li" variant="outlined" key={licence.id} sx={{ p: 2 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            {plainTitle(licence.scope.label)}
          </Typography>
          <Typography color="text.secondary">
            {[
              t('access.licences.producer', { producer: licence.scope.producer }),
              validityText(licence, now),
              rightsText(licence),
            ].join(' · ')}
          </Typography>
          {!licence.revoked && (
            <Box sx={{ mt: 1 }}>
              <ScopeLink scope={licence.scope} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
