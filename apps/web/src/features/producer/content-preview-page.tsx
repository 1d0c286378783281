import { isProducer, producerPool } from '@medienkatalog/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useBlocker, useNavigate, useParams } from 'react-router';
import {
  catalogueSearchUrl,
  contentPreview,
  NO_SEARCH,
  type SearchState,
} from '../../api/catalogue-search.ts';
import { DISTINCT_KEY } from '../../api/catalogue-distinct.ts';
import { MEDIA_LIST_KEY } from '../../api/media-list.ts';
import { loadProducerMedia } from '../../api/producer-media.ts';
import { usePreviewSources } from '../../api/preview.ts';
import { useFeatures, useUserInfo } from '../../api/user.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { SearchFilters } from '../../components/search-filters.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

type Mode = 'view' | 'edit';

// AG Grid is large: it loads only for producers who may edit, in the background.
const loadEditGrid = () => import('./grid/edit-grid.tsx');
const EditGrid = lazy(async () => ({ default: (await loadEditGrid()).EditGrid }));

/**
 * Unsaved edits are guarded: leaving the page (a link, back, closing the tab) asks first.
 */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) {
      return undefined;
    }
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
  return blocker;
}

/** The preview sources of a media-centre user: one card per licensed producer. */
function PreviewSources() {
  const { t } = useTranslation();
  usePageTitle(t('contentPreview.sources'));
  const sources = usePreviewSources();
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('contentPreview.sources')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('contentPreview.sourcesIntro')}
      </Typography>
      {sources.data?.length === 0 && (
        <Typography role="status">{t('contentPreview.noSources')}</Typography>
      )}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
        }}
      >
        {sources.data?.map((source) => (
          <li key={source.producer}>
            <Card variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={`/content-preview/${source.producer}`}
                sx={{ p: 2 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{source.info.name}</Typography>
                {source.info.text && <Typography variant="body2">{source.info.text}</Typography>}
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /content-preview/{id}: a producer's media ('Meine Medien' for the producer itself) with a
 * search, in view mode; the edit mode (the grid) is a tab for producers with media_editing.
 */
export function ContentPreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { data: user } = useUserInfo();
  const { data: features } = useFeatures();
  const sources = usePreviewSources();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [dirty, setDirty] = useState(false);
  const [pendingMode, setPendingMode] = useState<Mode | null>(null);
  const blocker = useLeaveGuard(dirty);
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const [total, setTotal] = useState<number>();
  const onTotal = useCallback((count: number | undefined) => {
    setTotal(count);
  }, []);

  const canEdit =
    user !== undefined && user !== null && isProducer(user) && features?.media_editing === true;
  useEffect(() => {
    if (canEdit) {
      void loadEditGrid();
    }
  }, [canEdit]);

  const producer = id ?? (user && isProducer(user) ? producerPool(user) : undefined);
  const name =
    sources.data?.find((source) => source.producer.toLowerCase() === producer?.toLowerCase())?.info
      .name ?? t('contentPreview.fallbackTitle');
  const title = mode === 'edit' ? t('contentPreview.editTitle', { title: name }) : name;
  usePageTitle(title);
  if (producer === undefined) {
    return <PreviewSources />;
  }
  const switchMode = (next: Mode) => {
    setDirty(false);
    setPendingMode(null);
    if (next === 'edit') {
      // The list loads while the grid's code does (it may not have arrived yet).
      loadProducerMedia(queryClient);
    }
    if (next === 'view') {
      // Returning to the view reloads the search: the edits must show.
      void queryClient.resetQueries({ queryKey: [MEDIA_LIST_KEY] });
      void queryClient.resetQueries({ queryKey: [DISTINCT_KEY] });
    }
    setMode(next);
  };

  return (
    <Box>
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => {
          void navigate(-1);
        }}
        sx={{ mb: 1 }}
      >
        {t('contentPreview.back')}
      </Button>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" role="status" sx={{ mb: 2, minHeight: '1.5em' }}>
        {total !== undefined && t('contentPreview.count', { count: total })}
      </Typography>
      <Tabs
        value={mode}
        onChange={(_event, next: Mode) => {
          if (dirty) {
            setPendingMode(next);
          } else {
            switchMode(next);
          }
        }}
        aria-label={t('contentPreview.modes')}
        sx={{ mb: 2 }}
      >
        <Tab value="view" label={t('contentPreview.view')} disabled={dirty} />
        {canEdit && <Tab value="edit" label={t('contentPreview.edit')} />}
      </Tabs>
      {mode === 'view' ? (
        <>
          <TextField
            type="search"
            label={t('contentPreview.search')}
            value={search.q}
            onChange={(event) => {
              setSearch({ ...search, q: event.target.value });
            }}
            size="small"
            sx={{ mb: 2, width: { xs: '100%', sm: 400 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <SearchFilters
            state={search}
            source={contentPreview(producer)}
            onChange={(filters) => {
              setSearch({ ...search, filters });
            }}
          />
          <MediaCardGrid
            listUrl={catalogueSearchUrl(search, contentPreview(producer))}
            emptyText={t('search.noResults')}
            heading={t('library.media')}
            onTotal={onTotal}
          />
        </>
      ) : (
        <Suspense fallback={<Typography role="status">{t('producer.grid.loading')}</Typography>}>
          <EditGrid onDirtyChange={setDirty} />
        </Suspense>
      )}
      <ConfirmDialog
        open={pendingMode !== null || blocker.state === 'blocked'}
        title={t('producer.confirm.switchModeTitle')}
        message={t('producer.confirm.switchMode')}
        confirmLabel={t('producer.confirm.discardConfirm')}
        destructive
        onCancel={() => {
          setPendingMode(null);
          blocker.reset?.();
        }}
        onConfirm={() => {
          if (pendingMode) {
            switchMode(pendingMode);
          } else {
            setDirty(false);
            blocker.proceed?.();
          }
        }}
      />
    </Box>
  );
}
