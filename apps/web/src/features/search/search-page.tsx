import type { TFunction } from 'i18next';
import { SEARCH_KINDS, type SearchKind } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { SearchState } from '../../api/catalogue-search.ts';
import { useMediaList } from '../../api/media-list.ts';
import { useMediathek } from '../../api/mediathek.ts';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { SearchFiltersPlaceholder } from '../../components/search-filters-placeholder.tsx';
import { paths } from '../../lib/paths.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { searchListUrl, searchStateFromUrl, searchUrlParams } from './search-url.ts';

// The filters (their fields, the subject tree and the names of the 1,619 subject areas) load and
// mount once the first results have painted, so that they do not hold them up.
const SearchFilters = lazy(async () => ({
  default: (await import('../../components/search-filters.tsx')).SearchFilters,
}));

/** The heading variants of the spec: query, producer, media library (plus keyword and all). */
export function searchHeading(
  state: SearchState,
  t: TFunction,
  /** The Mediathek's name; without it, the last segment of its path. */
  mediathekName?: string,
) {
  if (state.mediathek !== '') {
    return t('search.heading.mediathek', {
      name: mediathekName ?? state.mediathek.split('/').pop() ?? '',
    });
  }
  if (state.producer !== '') {
    return t('search.heading.producer', { producer: state.producer });
  }
  if (state.q !== '') {
    return t('search.heading.query', { query: state.q });
  }
  if (state.keyword !== '') {
    return t('search.heading.keyword', { keyword: state.keyword });
  }
  return t('search.heading.all');
}

/** /search: the whole search state lives in the URL (bookmarks, sharing, back button). */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = searchStateFromUrl(params);
  const mediathek = useMediathek(state.mediathek);
  const mediathekLoading = state.mediathek !== '' && mediathek.isPending;
  const listUrl = searchListUrl(params);
  // The grid's first page (the same query): how the server searched the words.
  const list = useMediaList(listUrl);
  const firstPage = list.data?.pages[0];
  // From the first answer on (results or an error), once it has painted, the filters stay.
  const filtersWanted = useAfterPaint(!list.isPending);
  const corrected = firstPage?.corrected;
  const heading = searchHeading(
    corrected === undefined ? state : { ...state, q: corrected },
    t,
    mediathek.data?.name,
  );
  usePageTitle(heading);
  const [total, setTotal] = useState<{ count: number; approximate: boolean }>();
  const onTotal = useCallback((count: number | undefined, approximate: boolean) => {
    setTotal(count === undefined ? undefined : { count, approximate });
  }, []);

  const change = (next: SearchState) => {
    const nextParams = searchUrlParams(next);
    // A forced reload stays one while the filters change (the same list address rule).
    const refresh = params.get('refresh');
    if (refresh) {
      nextParams.set('refresh', refresh);
    }
    setParams(nextParams);
  };
  const searchFor = (q: string, exact: boolean) =>
    `${paths.search}?${searchUrlParams({ ...state, q, exact }).toString()}`;

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {mediathekLoading ? (
          <>
            <Skeleton aria-hidden sx={{ display: 'inline-block', width: 'min(100%, 28ch)' }} />
            <Box component="span" sx={visuallyHidden}>
              {t('access.mediathek.loading')}
            </Box>
          </>
        ) : (
          heading
        )}
      </Typography>
      {mediathek.data?.description && (
        <Typography sx={{ mb: 1, maxWidth: 760 }}>{mediathek.data.description}</Typography>
      )}
      {mediathek.data === null && (
        <Alert severity="info" sx={{ my: 1 }}>
          {t('access.mediathek.notFound', { path: state.mediathek })}
        </Alert>
      )}
      {mediathek.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('access.mediathek.error', { message: mediathek.error.message })}
        </Alert>
      )}
      {corrected !== undefined && (
        <Typography sx={{ mb: 1 }}>
          {t('search.insteadPrefix')}{' '}
          <Link component={RouterLink} to={searchFor(state.q, true)}>
            {t('search.quoted', { query: state.q })}
          </Link>
        </Typography>
      )}
      {firstPage?.suggestion !== undefined && (
        <Typography sx={{ mb: 1 }}>
          {t('search.didYouMeanPrefix')}{' '}
          <Link component={RouterLink} to={searchFor(firstPage.suggestion, false)}>
            {t('search.quoted', { query: firstPage.suggestion })}
          </Link>
          ?
        </Typography>
      )}
      {firstPage?.partial === true && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('search.partial')}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 2, minHeight: '1.5em' }} role="status">
        {total &&
          (total.approximate
            ? t('search.countApproximate', { count: total.count })
            : t('search.count', { count: total.count }))}
      </Typography>
      <Tabs
        value={state.kind}
        onChange={(_event, kind: SearchKind) => {
          change({ ...state, kind });
        }}
        aria-label={t('search.kind.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {SEARCH_KINDS.map((kind) => (
          <Tab key={kind} value={kind} label={t(`search.kind.${kind}`)} />
        ))}
      </Tabs>
      <Suspense fallback={<SearchFiltersPlaceholder />}>
        {filtersWanted ? (
          <SearchFilters
            state={state}
            onChange={(filters) => {
              change({ ...state, filters });
            }}
          />
        ) : (
          <SearchFiltersPlaceholder />
        )}
      </Suspense>
      <MediaCardGrid
        listUrl={listUrl}
        emptyText={t('search.noResults')}
        heading={t('search.results')}
        onTotal={onTotal}
      />
    </Box>
  );
}
