import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';

/**
 * The dirlist of a medium (producer spec 3.4): its index file (a relative path inside the
 * medium's folder) and the last built ZIP. Every field is null until set or built.
 */
export const DirlistSchema = z
  .object({
    FnIndex: z.string().nullable().meta({ description: 'Index file, relative to the folder' }),
    FnZip: z.string().nullable().meta({ description: "The ZIP's file name" }),
    FnSize: z.number().int().nullable().meta({ description: "The ZIP's size in bytes" }),
    FnZiphash: z.string().nullable().meta({ description: "SHA-256 of the ZIP's bytes, hex" }),
  })
  .meta({ id: 'Dirlist' });
export type Dirlist = z.infer<typeof DirlistSchema>;

/** PUT .../dirlist/index: the index file, a relative path naming an existing file. */
export const SetIndexSchema = z
  .object(
    {
      fn_index: z
        .string({ error: MESSAGES.files.indexInvalid })
        .trim()
        .min(1, { error: MESSAGES.files.indexInvalid })
        .max(4096, { error: MESSAGES.files.indexInvalid }),
    },
    { error: MESSAGES.files.indexInvalid },
  )
  .meta({ id: 'SetIndex' });
export type SetIndex = z.infer<typeof SetIndexSchema>;

/** The answer of POST .../dirlist/zip. */
export const ZipInfoSchema = z
  .object({
    fn_zip: z.string().meta({ description: "The ZIP's file name ('{IDENTIFIER}.zip')" }),
    fn_size: z.number().int().meta({ description: 'Size in bytes' }),
    fn_ziphash: z.string().meta({ description: "SHA-256 of the ZIP's bytes, hex" }),
  })
  .meta({ id: 'ZipInfo' });
export type ZipInfo = z.infer<typeof ZipInfoSchema>;

/** The folder of a medium's storage that holds its WebVTT tracks ('de.vtt', 'kapitel.vtt'). */
export const TRACKS_FOLDER = 'untertitel';
/** The chapters' file name in TRACKS_FOLDER. */
export const CHAPTERS_FILE = 'kapitel.vtt';

/** Whether a relative storage path is a WebVTT track of the medium's video (not what plays). */
export function isTrackPath(relativePath: string): boolean {
  const path = relativePath.replace(/^\/+/, '');
  return path.startsWith(`${TRACKS_FOLDER}/`) && path.toLowerCase().endsWith('.vtt');
}

/** A WebVTT track of a medium's video: captions in one language, or its chapters. */
export const MediaTrackSchema = z
  .object({
    kind: z.enum(['captions', 'chapters']),
    language: z.string().meta({ description: "ISO 639 code ('de'); the chapters' is 'de'" }),
    label: z.string().meta({ description: "German name for the menu ('Deutsch', 'Kapitel')" }),
    url: z.string().meta({ description: 'Signed address of the .vtt file' }),
  })
  .meta({ id: 'MediaTrack' });
export type MediaTrack = z.infer<typeof MediaTrackSchema>;

/**
 * Play and download links of a medium (GET /api/v1/media/link/{identifier}): signed, expiring
 * paths under /content/ on this server, null where the medium has nothing to offer.
 */
export const MediaLinkSchema = z
  .object({
    direct: z.string().nullable().meta({
      description: 'Plays in the browser: the index file, else the only file; null otherwise',
    }),
    download: z.string().nullable().meta({
      description: 'Downloads: the built ZIP, else the only file; null otherwise',
    }),
    frame: z.string().nullable().meta({
      description: 'An embeddable page showing the direct file; null without one',
    }),
    stream: z
      .string()
      .nullable()
      .meta({
        description:
          'HLS master playlist of the direct video (360p and 720p) once its renditions are ' +
          'built; null until then (direct plays the original)',
      }),
    tracks: z.array(MediaTrackSchema).meta({
      description: "WebVTT captions per language and the chapters of the medium's video",
    }),
  })
  .meta({ id: 'MediaLink' });
export type MediaLink = z.infer<typeof MediaLinkSchema>;
