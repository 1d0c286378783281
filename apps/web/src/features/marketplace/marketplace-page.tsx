import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { catalogueSearchUrl, NO_SEARCH } from '../../api/catalogue-search.ts';
import { useCategories } from '../../api/categories.ts';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { SubjectIcon } from '../../components/subject-icon.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The newest media: a search without any input sorts by newest. */
const NEWEST_URL = catalogueSearchUrl(NO_SEARCH);

/** Start page: entry points into the subject areas and the newest media. */
export function MarketplacePage() {
  const { t } = useTranslation();
  usePageTitle(t('app.marketplace'));
  const categories = useCategories(undefined);
  return (
    <Box>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('marketplace.title')}
        </Typography>
        <Typography color="text.secondary">{t('marketplace.intro')}</Typography>
      </Box>
      <Box component="section" aria-labelledby="subjects-heading" sx={{ mb: 4 }}>
        <Typography id="subjects-heading" variant="h2" sx={{ mb: 1.5 }}>
          {t('marketplace.subjects')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {categories.isPending &&
            Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} variant="rounded" width={140} height={32} />
            ))}
          {categories.data?.map((category) => (
            <Chip
              key={category.value}
              icon={<SubjectIcon code={category.value} />}
              label={`${category.text} (${category.count.toLocaleString('de-DE')})`}
              component={RouterLink}
              to={paths.category([category.value])}
              clickable
              variant="outlined"
            />
          ))}
          <Button component={RouterLink} to={paths.categories} size="small">
            {t('marketplace.allCategories')}
          </Button>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="newest-heading">
        <Typography id="newest-heading" variant="h2" sx={{ mb: 1.5 }}>
          {t('marketplace.newest')}
        </Typography>
        <MediaCardGrid listUrl={NEWEST_URL} />
      </Box>
    </Box>
  );
}
