import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@medienkatalog/domain';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { mediaListQueryOptions } from '../api/media-list.ts';
import { useRevealedCount } from '../lib/use-revealed-count.ts';
import { LazyMediaPreview } from './lazy-media-preview.tsx';
import {
  CARD_HEIGHT,
  CARD_IMAGE_HEIGHT,
  CARD_REVEAL_STEPS,
  CARD_WIDTH,
  MediaCard,
  PRIORITY_CARDS,
} from './media-card.tsx';

/** Cards a row shows at most; 'Alle anzeigen' leads to the full list. */
const ROW_LENGTH = 12;

const subscribeToNothing = () => () => undefined;
/** Browsers without IntersectionObserver (and jsdom) show every row at once; the server none. */
const useNoObserver = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  );

/** Whether the element came within a screen's height of the viewport (then stays true). */
function useNearViewport(eager: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);
  const noObserver = useNoObserver();
  const near = eager || seen || noObserver;
  useEffect(() => {
    const element = ref.current;
    if (near || !element) {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);
  return { ref, near };
}

export interface MediaRowProps {
  title: string;
  /** The list address; the row shows the first cards of its first page. */
  listUrl: string;
  /** Where 'Alle anzeigen' leads. */
  moreHref: string;
  /** Load at once (above the fold); otherwise when the row comes near the viewport. */
  eager?: boolean;
}

/**
 * A titled row of media cards that scrolls sideways (the storefront's shelves). Rows further
 * down load when they come near; an empty row is left out.
 */
export function MediaRow({ title, listUrl, moreHref, eager = false }: MediaRowProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { ref, near } = useNearViewport(eager);
  // The list's first page, in the same cache as the card grids (stars update it alike).
  const list = useInfiniteQuery({ ...mediaListQueryOptions(listUrl), enabled: near });
  const [previewId, setPreviewId] = useState<string>();
  const openPreview = useCallback((medium: CatalogueItem) => {
    setPreviewId(medium.identifier);
  }, []);
  // The cards mount a few at a time (useRevealedCount), the ones a screen shows first. A page
  // that arrives is shown in the background (deferred): the query's own update renders at once,
  // in one task, which with the first cards in it blocked the page for a while.
  const shownPage = useDeferredValue(list.data?.pages[0]?.items);
  const rowItems = shownPage?.slice(0, ROW_LENGTH) ?? [];
  const items = rowItems.slice(0, useRevealedCount(rowItems.length, listUrl, CARD_REVEAL_STEPS));
  if (list.isSuccess && list.data.pages[0]?.items.length === 0) {
    return null;
  }
  const preview = items.find((item) => item.identifier === previewId);
  return (
    <Box component="section" aria-labelledby={headingId} ref={ref} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
          {title}
        </Typography>
        <Link component={RouterLink} to={moreHref} aria-label={t('marketplace.showAll', { title })}>
          {t('marketplace.showAllShort')}
        </Link>
      </Box>
      {list.isError ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 80 }}>
          <Typography color="text.secondary">{t('marketplace.rowError')}</Typography>
          <Button
            size="small"
            onClick={() => {
              void list.refetch();
            }}
          >
            {t('grid.retry')}
          </Button>
        </Box>
      ) : (
        <Box
          component="ul"
          aria-busy={near && shownPage === undefined}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: `min(85vw, ${String(CARD_WIDTH)}px)`,
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            minHeight: CARD_HEIGHT,
            '& > li': { scrollSnapAlign: 'start' },
          }}
        >
          {shownPage === undefined
            ? near &&
              Array.from({ length: 4 }, (_, index) => (
                <Box component="li" key={index} aria-hidden>
                  <Skeleton variant="rounded" height={CARD_IMAGE_HEIGHT} />
                  <Skeleton sx={{ mt: 1 }} height={28} />
                  <Skeleton width="60%" />
                </Box>
              ))
            : items.map((item, index) => (
                <Box component="li" key={item.identifier} sx={{ display: 'flex' }}>
                  <MediaCard
                    medium={item}
                    priority={eager && index < PRIORITY_CARDS}
                    onPreview={openPreview}
                  />
                </Box>
              ))}
        </Box>
      )}
      <LazyMediaPreview
        medium={preview}
        onClose={() => {
          setPreviewId(undefined);
        }}
      />
    </Box>
  );
}
