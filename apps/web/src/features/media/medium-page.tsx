import { parseSubjects } from '@medienkatalog/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { recordView, useMedium } from '../../api/medium.ts';
import { AccessBadges } from '../../components/access-badges.tsx';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { StarButton } from '../../components/media-card.tsx';
import { MediaPlayback } from '../../components/media-playback.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { descriptionParts } from '../../lib/description.ts';
import { plainTitle, sanitizeTitle } from '../../lib/sanitize.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// The facts and the related heading name subject areas: their names (the 1,619 subject areas,
// 17 kB brotli) load once the medium has painted, instead of holding up its request and cover.
const MediaFacts = lazy(async () => ({
  default: (await import('../../components/media-facts.tsx')).MediaFacts,
}));
const RelatedHeading = lazy(async () => ({
  default: (await import('./related-heading.tsx')).RelatedHeading,
}));

/** /marketplace/{id}: every public field of a medium and related media. */
export function MediumPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const medium = useMedium(id);
  const title = medium.data
    ? sanitizeTitle(medium.data.fn_titel).replace(/<[^>]*>/g, '')
    : undefined;
  usePageTitle(title);
  // The facts (the subject areas' names) and the related media load and mount once the medium
  // has painted: they would otherwise hold up its cover, the page's largest paint.
  const restWanted = useAfterPaint(medium.data !== undefined);
  useEffect(() => {
    recordView(id).catch(() => undefined);
  }, [id]);

  if (medium.isPending) {
    return (
      <Box aria-busy>
        <Skeleton variant="text" height={56} width="60%" />
        <Skeleton variant="rounded" height={226} sx={{ maxWidth: 400 }} />
      </Box>
    );
  }
  if (!medium.data) {
    return <NotFoundPage text={t('medium.notFound')} />;
  }
  const item = medium.data;
  const [firstSubject] = parseSubjects(item.fn_geb);
  const description = descriptionParts(item);
  const relatedUrl = firstSubject
    ? `/api/v1/media/catalogue/search?filter_fn_geb=${encodeURIComponent(`${firstSubject}*`)}`
    : undefined;
  return (
    <Box component="article">
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => {
          void navigate(-1);
        }}
        sx={{ mb: 1 }}
      >
        {t('medium.back')}
      </Button>
      <Typography
        variant="h1"
        sx={{ mb: 2, overflowWrap: 'anywhere' }}
        dangerouslySetInnerHTML={{ __html: sanitizeTitle(item.fn_titel) }}
      />
      {(item.fn_utitel || item.fn_paratitel) && (
        <Typography variant="h3" component="p" color="text.secondary" sx={{ mb: 2 }}>
          {[item.fn_utitel, item.fn_paratitel].filter(Boolean).join(' – ')}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '400px 1fr' }, mb: 4 }}
      >
        <Box>
          <Box
            component="img"
            src={item.cover}
            alt=""
            // The page's largest paint: loaded before anything else the page shows.
            fetchPriority="high"
            sx={{ width: '100%', aspectRatio: '400 / 226', bgcolor: 'grey.200', borderRadius: 1 }}
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <MediaPlayback medium={item} title={plainTitle(item.fn_titel)} />
            <StarButton medium={item} />
            <Typography variant="body2" color="text.secondary">
              {t('card.stars', { count: item.stars })}
            </Typography>
            <AccessBadges medium={item} />
          </Box>
        </Box>
        <Box>
          {description.map((part) => (
            <Typography
              key={part.kind}
              sx={{
                mb: 2,
                ...(part.kind === 'lead' && { fontWeight: 500 }),
                ...(part.kind === 'long' && { whiteSpace: 'pre-line' }),
              }}
            >
              {part.text}
            </Typography>
          ))}
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('medium.facts')}
            sx={{ p: 2 }}
          >
            <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
              {restWanted ? (
                <MediaFacts medium={item} />
              ) : (
                <Skeleton variant="rounded" height={180} />
              )}
            </Suspense>
          </Paper>
        </Box>
      </Box>
      {restWanted && relatedUrl && firstSubject && (
        <Box component="section" aria-labelledby="related-heading">
          <Suspense
            fallback={
              // The heading without the subject's name until the names have loaded: the cards'
              // headings below must not follow the page's title directly (axe: heading order).
              <Typography id="related-heading" variant="h2" sx={{ mb: 1.5 }}>
                {t('medium.relatedAny')}
              </Typography>
            }
          >
            <RelatedHeading id="related-heading" subject={firstSubject} />
          </Suspense>
          <MediaCardGrid
            listUrl={relatedUrl}
            keep={(related) => related.identifier !== item.identifier}
            leadsPage={false}
          />
        </Box>
      )}
    </Box>
  );
}
