import { isTeaserPath, TEASER_FILES, TEASER_FOLDER } from '@medienkatalog/domain';

const isTeaserFile = (relativePath: string) =>
  (TEASER_FILES as readonly string[]).includes(relativePath);

/**
 * Whether a WebDAV request would change the teaser's folder (`thumbs/`) otherwise than the
 * teaser editor does (create the folder, store or remove `thumbs/main.{webp,png,jpg}`): the
 * folder is the producer's working folder, not part of the medium's files, so it cannot be
 * renamed, moved, deleted or filled with anything else. Paths are relative to the medium's
 * folder, without leading slash ('thumbs/main.webp').
 */
export function changesTeaserFolder(method: string, source: string, target: string): boolean {
  switch (method) {
    case 'PUT':
    case 'DELETE':
    case 'LOCK':
    case 'PROPPATCH':
      return isTeaserPath(source) && !isTeaserFile(source);
    case 'MKCOL':
      return isTeaserPath(source) && source !== TEASER_FOLDER;
    case 'MOVE':
      return isTeaserPath(source) || isTeaserPath(target);
    case 'COPY':
      return isTeaserPath(target);
    default:
      return false;
  }
}

/** Listings leave the teaser's folder out: it is found by its path only. */
export const isHiddenMember = (relativePath: string) =>
  relativePath.replace(/^[/\\]+|[/\\]+$/g, '') === TEASER_FOLDER;
