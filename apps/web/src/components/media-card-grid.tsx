import type { CatalogueItem } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useMediaList } from '../api/media-list.ts';
import { useRevealedCount } from '../lib/use-revealed-count.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';
import { Alert, Snackbar } from './lazy-snackbar.tsx';
import { LazyMediaPreview } from './lazy-media-preview.tsx';
import {
  CARD_HEIGHT,
  CARD_IMAGE_HEIGHT,
  CARD_REVEAL_STEPS,
  CARD_WIDTH,
  MediaCard,
  PRIORITY_CARDS,
} from './media-card.tsx';

/** Skeleton cards while a page loads (spec: 4). */
const SKELETONS = 4;

/**
 * Stands for a card that is about to mount: its size and a quiet surface, in plain styles; the
 * MUI components of a skeleton would cost what mounting the cards in steps saves.
 */
function CardToCome({ color, radius }: { color: string; radius: number | string }) {
  return (
    <li
      aria-hidden
      style={{
        width: '100%',
        maxWidth: CARD_WIDTH,
        height: CARD_HEIGHT,
        backgroundColor: color,
        borderRadius: radius,
      }}
    />
  );
}

function SkeletonCard() {
  return (
    <Box sx={{ width: '100%', maxWidth: CARD_WIDTH, height: CARD_HEIGHT }} aria-hidden>
      <Skeleton variant="rounded" height={CARD_IMAGE_HEIGHT} />
      <Skeleton sx={{ mt: 1 }} height={28} />
      <Skeleton width="60%" />
      <Skeleton />
      <Skeleton />
    </Box>
  );
}

export interface MediaCardGridProps {
  /** The list address; pages are asked for with p=0, 1, ... */
  listUrl: string;
  /** Shown when the list is empty (default: 'Hier gibt es noch keine Medien.'). */
  emptyText?: string;
  /** Hides items locally, e.g. unstarred ones in the wishlist. */
  keep?: (item: CatalogueItem) => boolean;
  /**
   * A heading (h2) for the cards, read by screen readers, for pages that show none above the
   * list: the cards' titles are h3 and follow an h2, not the page's h1.
   */
  heading?: string;
  /** Reports the total of the list (X-Total-Count), e.g. for a heading. */
  onTotal?: (total: number | undefined, approximate: boolean) => void;
  /** The cards are what the page shows first (default): their first covers load first. */
  leadsPage?: boolean;
}

/** Media cards with infinite scroll, skeletons while loading, empty state and error snackbar. */
export function MediaCardGrid({
  listUrl,
  emptyText,
  keep,
  heading,
  onTotal,
  leadsPage = true,
}: MediaCardGridProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const list = useMediaList(listUrl);
  const [previewId, setPreviewId] = useState<string>();
  const openPreview = useCallback((medium: CatalogueItem) => {
    setPreviewId(medium.identifier);
  }, []);
  // The error snackbar shows each failure until the user closes it.
  const [dismissedError, setDismissedError] = useState(0);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;

  const errorOpen = isError && list.errorUpdatedAt !== dismissedError;
  const closeError = () => {
    setDismissedError(list.errorUpdatedAt);
  };

  // The cards mount a few at a time (useRevealedCount); until a card is there, a placeholder of
  // its size stands for it, so that the page is as long as it will be and a returning scroll
  // position finds its place.
  const allItems = (list.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (item) => keep?.(item) ?? true,
  );
  const shown = useRevealedCount(allItems.length, listUrl, CARD_REVEAL_STEPS);
  const items = allItems.slice(0, shown);
  const cardsToCome = allItems.length - shown;
  const rendering = cardsToCome > 0;
  const firstPage = list.data?.pages[0];
  useEffect(() => {
    if (firstPage) {
      onTotal?.(firstPage.total, firstPage.approximate);
    }
  }, [firstPage, onTotal]);

  useEffect(() => {
    const element = sentinel.current;
    // Not while cards are still to come: the end of the list is not yet where it will be.
    if (!element || rendering || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rendering]);

  const loading = list.isPending || isFetchingNextPage || rendering;
  const preview = items.find((item) => item.identifier === previewId);

  return (
    <Box aria-busy={loading}>
      {heading && (
        <Typography component="h2" sx={visuallyHidden}>
          {heading}
        </Typography>
      )}
      {list.isSuccess && !rendering && items.length === 0 && !hasNextPage && (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary" role="status">
          {emptyText ?? t('grid.empty')}
        </Typography>
      )}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, 280px), ${String(CARD_WIDTH)}px))`,
          // Aligned with the headings and the filter row above, not centred in the page.
          justifyContent: 'start',
        }}
      >
        {items.map((item, index) => (
          <Box
            component="li"
            key={item.identifier}
            sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}
          >
            <MediaCard
              medium={item}
              priority={leadsPage && index < PRIORITY_CARDS}
              onPreview={openPreview}
            />
          </Box>
        ))}
        {/* Keyed by the place they hold: as cards take the first places, the other placeholders
            stay where they are, and the browser's scroll anchoring (on one of them) moves nothing. */}
        {Array.from({ length: cardsToCome }, (_, index) => (
          <CardToCome
            key={`to-come-${String(shown + index)}`}
            color={theme.palette.action.hover}
            radius={theme.shape.borderRadius}
          />
        ))}
        {(list.isPending || isFetchingNextPage) &&
          Array.from({ length: SKELETONS }, (_, index) => (
            <Box component="li" key={`skeleton-${String(index)}`} sx={{ width: '100%' }}>
              <SkeletonCard />
            </Box>
          ))}
      </Box>
      <div ref={sentinel} />
      {hasNextPage && !loading && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => {
              void fetchNextPage();
            }}
          >
            {t('grid.more')}
          </Button>
        </Box>
      )}
      <LazyMediaPreview
        medium={preview}
        onClose={() => {
          setPreviewId(undefined);
        }}
      />
      <Snackbar
        open={errorOpen}
        onClose={closeError}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={closeError}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                closeError();
                void list.refetch();
              }}
            >
              {t('grid.retry')}
            </Button>
          }
        >
          {t('grid.error')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
