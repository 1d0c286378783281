import { fileExtension, playerKindOf, type MediaLink } from '@medienkatalog/domain';

/** What a link's direct file is shown in. */
export type ViewerKind = 'video' | 'audio' | 'image' | 'pdf' | 'page' | 'none';

/** The viewer of a medium by its direct file's name (an HLS stream is always video). */
export function viewerKindOf(link: Pick<MediaLink, 'direct' | 'stream'>): ViewerKind {
  if (link.stream) {
    return 'video';
  }
  if (!link.direct) {
    return 'none';
  }
  const pathname = decodeURIComponent(new URL(link.direct, 'http://relative.invalid').pathname);
  if (fileExtension(pathname) === 'pdf') {
    return 'pdf';
  }
  return playerKindOf(pathname);
}
