import { SEARCH_KINDS, type SearchKind } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { catalogueSearchUrl, NO_SEARCH, type SearchState } from '../../api/catalogue-search.ts';
import { useCategories } from '../../api/categories.ts';
import { useUserInfo } from '../../api/user.ts';
import { MediaRow } from '../../components/media-row.tsx';
import { LazySubjectIcon } from '../../components/lazy-subject-icon.tsx';
import { formatCount } from '../../lib/format-count.ts';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Subject areas with a shelf of their own: the ones with the most media. */
const SUBJECT_ROWS = 6;

const isKind = (value: string | null): value is SearchKind =>
  (SEARCH_KINDS as readonly (string | null)[]).includes(value);

/** The kind the tabs show (`?t=`); all kinds by default. */
const shownKind = (params: URLSearchParams): SearchKind => {
  const requested = params.get('t');
  return isKind(requested) ? requested : 'all';
};

/** The list address of the newest media of the shown kind (the first row, asked by the route). */
export const newestListUrl = (params: URLSearchParams) =>
  catalogueSearchUrl({ ...NO_SEARCH, kind: shownKind(params) });

/** The search page's list of the newest media of a kind. */
const newestHref = (kind: SearchKind) =>
  kind === 'all' ? paths.search : `${paths.search}?t=${kind}`;

/**
 * Start page, media first: the newest media, what is trending (signed in), then a shelf per
 * large subject area, each scrolling sideways; the subject areas as one compact line. The kind
 * tabs (Alle, Medien, Bücher, Apps) narrow every shelf (`?t=`).
 */
export function MarketplacePage() {
  const { t } = useTranslation();
  usePageTitle(t('app.marketplace'));
  const [params, setParams] = useSearchParams();
  const kind = shownKind(params);
  const categories = useCategories(undefined);
  const user = useUserInfo();
  const newest: SearchState = { ...NO_SEARCH, kind };
  const largest = [...(categories.data ?? [])]
    .sort((a, b) => b.count - a.count)
    .slice(0, SUBJECT_ROWS);
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {t('marketplace.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('marketplace.intro')}
      </Typography>
      <Tabs
        value={kind}
        onChange={(_event, next: SearchKind) => {
          setParams(next === 'all' ? {} : { t: next }, { replace: true });
        }}
        aria-label={t('search.kind.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {SEARCH_KINDS.map((value) => (
          <Tab key={value} value={value} label={t(`search.kind.${value}`)} />
        ))}
      </Tabs>
      <MediaRow
        eager
        title={t('marketplace.newest')}
        listUrl={newestListUrl(params)}
        moreHref={newestHref(kind)}
      />
      {user.data && (
        <MediaRow
          eager
          title={t('app.trending')}
          listUrl="/api/v1/user/trending"
          moreHref={paths.trending}
        />
      )}
      <Box component="section" aria-labelledby="subjects-heading" sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 1 }}>
          <Typography id="subjects-heading" variant="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
            {t('marketplace.subjects')}
          </Typography>
          <Link component={RouterLink} to={paths.categories}>
            {t('marketplace.allCategories')}
          </Link>
        </Box>
        <Box
          component="ul"
          aria-busy={categories.isPending}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: 1,
            overflowX: 'auto',
          }}
        >
          {categories.isPending &&
            Array.from({ length: 8 }, (_, index) => (
              <li key={index} aria-hidden>
                <Skeleton variant="rounded" width={140} height={32} />
              </li>
            ))}
          {categories.data?.map((category) => (
            <li key={category.value}>
              <Chip
                icon={<LazySubjectIcon code={category.value} />}
                label={`${category.text} (${formatCount(category.count)})`}
                component={RouterLink}
                to={paths.category([category.value])}
                clickable
                variant="outlined"
              />
            </li>
          ))}
        </Box>
      </Box>
      {largest.map((category) => {
        const subject: SearchState = {
          ...newest,
          filters: { ...NO_SEARCH.filters, fn_geb: [category.value] },
        };
        return (
          <MediaRow
            key={category.value}
            title={category.text}
            listUrl={catalogueSearchUrl(subject)}
            moreHref={paths.category([category.value])}
          />
        );
      })}
    </Box>
  );
}
