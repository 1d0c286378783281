import { subjectArea, subjectAreaChildren, subjectAreaName } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useParams } from 'react-router';
import { useCategories } from '../../api/categories.ts';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { SubjectIcon } from '../../components/subject-icon.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /categories and /categories/{path+}: the subject-area tree with media counts. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const { '*': splat = '' } = useParams();
  const segments = splat.split('/').filter((segment) => segment !== '');
  const code = segments.at(-1);
  const known = code === undefined || subjectArea(code) !== undefined;
  const title = code === undefined ? t('categories.title') : subjectAreaName(code);
  usePageTitle(title);
  const counts = useCategories(known ? code : undefined);
  if (!known) {
    return <NotFoundPage />;
  }
  const children = subjectAreaChildren(code ?? null);
  const countOf = new Map(counts.data?.map((entry) => [entry.value, entry.count]));
  // Areas with media first in their order; empty ones are left out once the counts are known.
  const shown = counts.isSuccess ? children.filter((child) => countOf.has(child.code)) : children;

  return (
    <Box>
      <Breadcrumbs aria-label={t('categories.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.categories}>
          {t('categories.title')}
        </Link>
        {segments.map((segment, index) => {
          const last = index === segments.length - 1;
          return last ? (
            <Typography key={segment} color="text.primary" aria-current="page">
              {subjectAreaName(segment)}
            </Typography>
          ) : (
            <Link
              key={segment}
              component={RouterLink}
              to={paths.category(segments.slice(0, index + 1))}
            >
              {subjectAreaName(segment)}
            </Link>
          );
        })}
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        {code && <SubjectIcon code={code} fontSize="large" color="primary" />}
        {title}
      </Typography>
      {code === undefined && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('categories.intro')}
        </Typography>
      )}
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t('categories.children', { subject: title })}
          sx={{
            listStyle: 'none',
            p: 0,
            my: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {shown.map((child) => (
            <li key={child.code}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={paths.category([...segments, child.code])}
                  sx={{
                    p: 2,
                    display: 'flex',
                    gap: 1.5,
                    justifyContent: 'flex-start',
                    height: '100%',
                  }}
                >
                  <SubjectIcon code={child.code} color="primary" />
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{child.label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {counts.isPending ? (
                        <Skeleton width={80} />
                      ) : (
                        t('categories.count', { count: countOf.get(child.code) ?? 0 })
                      )}
                    </Typography>
                  </Box>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
      {code !== undefined && (
        <Box component="section" aria-labelledby="category-media" sx={{ mt: 3 }}>
          <Typography id="category-media" variant="h2" sx={{ mb: 1.5 }}>
            {t('categories.media', { subject: title })}
          </Typography>
          <MediaCardGrid
            listUrl={`/api/v1/media/catalogue/search?filter_fn_geb=${encodeURIComponent(`${code}*`)}`}
            emptyText={t('categories.empty')}
          />
        </Box>
      )}
    </Box>
  );
}
