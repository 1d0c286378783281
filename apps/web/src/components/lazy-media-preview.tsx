import type { CatalogueItem } from '@medienkatalog/domain';
import { lazy, Suspense } from 'react';

// The overlay (with the lookup tables of the facts) loads when a preview is first opened.
const MediaPreviewDialog = lazy(async () => ({
  default: (await import('./media-preview-dialog.tsx')).MediaPreviewDialog,
}));

/** The preview overlay of a card's medium, loaded on first use; nothing while none is open. */
export function LazyMediaPreview({
  medium,
  onClose,
}: {
  medium: CatalogueItem | undefined;
  onClose: () => void;
}) {
  return medium ? (
    <Suspense fallback={null}>
      <MediaPreviewDialog medium={medium} onClose={onClose} />
    </Suspense>
  ) : null;
}
