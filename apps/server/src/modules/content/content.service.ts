import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  contentTypeOf,
  isTeaserPath,
  isTrackPath,
  MESSAGES,
  playerKindOf,
  type MediaLink,
  type MediaTrack,
} from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import type { AccessRepository, MediumFacts } from '../auth/access.repository.ts';
import { requireUser, type AccessPolicy, type Actor } from '../auth/policies.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { someFiles } from '../files/file-walk.ts';
import type { FilesRepository } from '../files/files.repository.ts';
import { insidePath } from '../files/files.service.ts';
import type { MediaUsesRepository } from '../licences/media-uses.repository.ts';
import { HLS_PREFIX, readyStream } from '../media/renditions.ts';
import { trackFiles } from '../media/tracks.ts';
import {
  CONTENT_LINK_SECONDS,
  contentUrl,
  verifyToken,
  type ContentGrant,
  type ContentPurpose,
} from './signed-url.ts';

export interface ContentSettings {
  secret: string;
  /** Link lifetime in seconds. */
  linkSeconds?: number;
  /** The clock in milliseconds (tests move it). */
  now?: () => number;
}

/** What a valid content address serves. */
export type ContentAnswer =
  | {
      kind: 'file';
      absolute: string;
      fileName: string;
      contentType: string;
      disposition: 'inline' | 'attachment';
    }
  | { kind: 'page'; html: string };

/**
 * Play and download (architecture: /content/{identifier}/...): hands out signed, expiring
 * addresses to those who may see a medium, and serves what a valid address names.
 */
export class ContentService {
  private readonly secret: string;
  private readonly linkSeconds: number;
  private readonly now: () => number;

  constructor(
    private readonly storage: FileStorage,
    private readonly repository: FilesRepository,
    private readonly policy: AccessPolicy,
    private readonly media: AccessRepository,
    private readonly uses: MediaUsesRepository,
    settings: ContentSettings,
  ) {
    this.secret = settings.secret;
    this.linkSeconds = settings.linkSeconds ?? CONTENT_LINK_SECONDS;
    this.now = settings.now ?? Date.now;
  }

  /**
   * The links of a medium (GET /api/v1/media/link/{identifier}), for those the access policy
   * lets play it (401 anonymous; 404 for a medium they may not see; 403 with the way to access
   * without a licence). direct: the index file, else the only file. download: the built ZIP,
   * else the only file, where the licence allows downloading. frame: the player page of the
   * direct file. Each is null when there is nothing to offer; a download call (`purpose`) answers
   * the download alone. The call is a use, counted once per user, medium and day against the
   * licence's uses, when it hands out a file: a download call for a medium of several files
   * without a ZIP cost a use for nothing ('Kein Download-Link verfügbar').
   */
  async link(actor: Actor, identifier: string, purpose: 'play' | 'download'): Promise<MediaLink> {
    const { medium, entitlement } = await this.policy.play(actor, identifier);
    const user = requireUser(actor);
    if (purpose === 'download' && !entitlement.download) {
      throw new HttpError(403, MESSAGES.licences.noDownload);
    }
    const dirlist = await this.repository.dirlist(medium.id);
    const index = await this.existingIndex(medium, dirlist?.fn_index ?? null);
    const zip =
      dirlist?.fn_zip && (await isFile(this.storage.zipFile(medium.id)))
        ? dirlist.fn_zip
        : undefined;
    const only =
      index === undefined || zip === undefined
        ? // A video's captions and chapters do not make it a medium of several files.
          await someFiles(this.storage.folder(medium.id), 2, isTrackPath)
        : [];
    const single = only.length === 1 ? only[0]?.path : undefined;
    const direct = index ?? single;
    const downloaded = !entitlement.download
      ? undefined
      : zip !== undefined
        ? { kind: 'zip' as const, filePath: zip }
        : single === undefined
          ? undefined
          : { kind: 'file' as const, filePath: single };
    const played = purpose === 'play' ? direct : undefined;
    if (played !== undefined || downloaded !== undefined) {
      const recorded = await this.uses.record({
        userId: user.id,
        organisationId: user.organisation_id,
        mediumId: medium.id,
        kind: purpose,
        licenceId: entitlement.grant?.licence_id,
        countedLicenceId: entitlement.grant?.counted_licence_id ?? undefined,
      });
      if (!recorded) {
        throw new HttpError(403, MESSAGES.licences.usedUp);
      }
    }
    const licence = entitlement.grant?.licence_id ?? null;
    const grant = (kind: ContentPurpose, filePath: string) =>
      this.signed(medium, kind, filePath, licence);
    const download = downloaded === undefined ? null : grant(downloaded.kind, downloaded.filePath);
    const stream =
      played !== undefined && playerKindOf(played) === 'video'
        ? await readyStream(
            this.storage,
            medium.id,
            played,
            path.join(this.storage.folder(medium.id), played),
          )
        : undefined;
    return {
      direct: played === undefined ? null : grant('play', played),
      download,
      frame: played === undefined ? null : grant('frame', played),
      stream: stream === undefined ? null : grant('play', stream),
      tracks:
        played === undefined
          ? []
          : await this.tracks(medium.id, (filePath) => grant('play', filePath)),
    };
  }

  /**
   * The WebVTT tracks in the medium's TRACKS_FOLDER: '{language}.vtt' captions (by their
   * language's German name) and the chapters, signed by `sign`.
   */
  private async tracks(
    mediumId: number,
    sign: (filePath: string) => string,
  ): Promise<MediaTrack[]> {
    const files = await trackFiles(this.storage.folder(mediumId));
    return files.map(({ path: filePath, ...track }) => ({ ...track, url: sign(filePath) }));
  }

  /**
   * The signed address of one file of a medium its producer manages, shown in the browser as
   * users would see it (sandboxed where it can run script): the file manager's 'Im Browser
   * öffnen'. 404 for a file that does not exist.
   */
  async fileLink(actor: Actor, identifier: string, requestedPath: string): Promise<string> {
    const medium = await this.policy.medium(actor, 'manage', identifier);
    const { absolute, relative } = await insidePath(this.storage, medium.id, requestedPath);
    if (relative === '' || !(await isFile(absolute))) {
      throw new HttpError(404, MESSAGES.files.fileNotFound);
    }
    return this.signed(medium, 'play', relative, null);
  }

  private signed(
    medium: MediumFacts,
    purpose: ContentPurpose,
    filePath: string,
    licence: number | null,
  ): string {
    return contentUrl(this.secret, {
      mediumId: medium.id,
      identifier: medium.identifier,
      licence,
      purpose,
      path: filePath,
      expires: Math.floor(this.now() / 1000) + this.linkSeconds,
    });
  }

  /** What /content/{identifier}/{token}/{path} serves; 403 for an invalid or expired token. */
  async serve(identifier: string, token: string, requestedPath: string): Promise<ContentAnswer> {
    if (requestedPath.includes('\0') || requestedPath.split(/[\\/]/).includes('..')) {
      throw new HttpError(400, MESSAGES.files.badPath);
    }
    const relative = path.posix.normalize(`/${requestedPath}`).replace(/^\/+/, '');
    const medium = await this.media.mediumByIdentifier(identifier);
    const valid =
      medium &&
      verifyToken(
        this.secret,
        token,
        { mediumId: medium.id, identifier: medium.identifier, path: relative },
        Math.floor(this.now() / 1000),
      );
    if (
      !medium ||
      !valid ||
      (valid.licence !== null && !(await this.media.licenceInForce(valid.licence)))
    ) {
      throw new HttpError(403, MESSAGES.files.linkExpired);
    }
    if (valid.purpose !== 'zip' && isTeaserPath(relative)) {
      // The teaser's folder is the producer's, not content (links never name it).
      throw new HttpError(404, MESSAGES.files.fileNotFound);
    }
    const fileName = path.posix.basename(relative);
    switch (valid.purpose) {
      case 'zip':
        return {
          kind: 'file',
          absolute: this.storage.zipFile(medium.id),
          fileName,
          contentType: 'application/zip',
          disposition: 'attachment',
        };
      case 'file':
      case 'play': {
        if (valid.purpose === 'play' && relative.startsWith(`${HLS_PREFIX}/`)) {
          return {
            kind: 'file',
            absolute: this.renditionPath(medium.id, relative),
            fileName,
            contentType: contentTypeOf(fileName),
            disposition: 'inline',
          };
        }
        const { absolute } = await insidePath(this.storage, medium.id, relative);
        return {
          kind: 'file',
          absolute,
          fileName,
          contentType: contentTypeOf(fileName),
          disposition: valid.purpose === 'file' ? 'attachment' : 'inline',
        };
      }
      case 'frame': {
        const { absolute } = await insidePath(this.storage, medium.id, relative);
        if (!(await isFile(absolute))) {
          throw new HttpError(404, MESSAGES.files.fileNotFound);
        }
        const play: ContentGrant = {
          mediumId: medium.id,
          identifier: medium.identifier,
          licence: valid.licence,
          purpose: 'play',
          path: relative,
          expires: valid.expires,
        };
        return {
          kind: 'page',
          html: playerPage(medium, contentUrl(this.secret, play), relative),
        };
      }
    }
  }

  /** A file of the medium's renditions ('{HLS_PREFIX}/{key}/360p/index.m3u8'), confined to them. */
  private renditionPath(mediumId: number, relative: string): string {
    const root = this.storage.renditionsFolder(mediumId);
    const absolute = path.join(root, relative.slice(HLS_PREFIX.length + 1));
    if (!absolute.startsWith(`${root}${path.sep}`)) {
      throw new HttpError(400, MESSAGES.files.badPath);
    }
    return absolute;
  }

  /** The stored index file when it still exists inside the folder. */
  private async existingIndex(
    medium: MediumFacts,
    fnIndex: string | null,
  ): Promise<string | undefined> {
    if (!fnIndex) {
      return undefined;
    }
    try {
      const { absolute, relative } = await insidePath(this.storage, medium.id, fnIndex);
      return (await isFile(absolute)) ? relative : undefined;
    } catch {
      return undefined;
    }
  }
}

async function isFile(absolute: string): Promise<boolean> {
  return (await stat(absolute).catch(() => undefined))?.isFile() ?? false;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

const PLAYER_STYLE =
  'html,body{margin:0;height:100%;background:#000}' +
  'video,iframe,img{display:block;width:100%;height:100%;border:0;object-fit:contain}' +
  'iframe{background:#fff}audio{display:block;width:100%;margin-top:40vh}';

/**
 * The player page's Content-Security-Policy: it loads only its own style and the medium from
 * this server, runs no script, and may be framed by this app only.
 */
export const PLAYER_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PLAYER_STYLE).digest('base64')}'`,
  "media-src 'self'",
  "img-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** A minimal page that shows the file at `source` as video, audio, image or framed page. */
function playerPage(medium: MediumFacts, source: string, relative: string): string {
  const src = escapeHtml(source);
  const title = escapeHtml(medium.fn_titel);
  const kind = playerKindOf(relative);
  const player = {
    video: `<video controls playsinline preload="metadata" src="${src}"></video>`,
    audio: `<audio controls preload="metadata" src="${src}"></audio>`,
    image: `<img src="${src}" alt="${title}">`,
    page: `<iframe src="${src}" title="${title}" allowfullscreen></iframe>`,
  }[kind];
  return (
    '<!doctype html>\n<html lang="de"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><style>${PLAYER_STYLE}</style></head>` +
    `<body>${player}</body></html>\n`
  );
}
