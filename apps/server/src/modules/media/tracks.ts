import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CHAPTERS_FILE, languageName, TRACKS_FOLDER } from '@medienkatalog/domain';
import { z } from 'zod';

export const TrackFileSchema = z
  .object({
    kind: z.enum(['captions', 'chapters']),
    language: z.string(),
    label: z.string(),
    path: z.string().meta({ description: "Relative path in the medium's storage" }),
  })
  .meta({ id: 'TrackFile' });
export type TrackFile = z.infer<typeof TrackFileSchema>;

/** The tracks a medium's TRACKS_FOLDER holds. */
export async function trackFiles(folder: string): Promise<TrackFile[]> {
  const names = await readdir(path.join(folder, TRACKS_FOLDER)).catch(() => [] as string[]);
  return names.sort().flatMap((name): TrackFile[] => {
    const file = `${TRACKS_FOLDER}/${name}`;
    if (name === CHAPTERS_FILE) {
      return [{ kind: 'chapters', language: 'de', label: 'Kapitel', path: file }];
    }
    const language = /^([a-z]{2,3})\.vtt$/.exec(name)?.[1];
    return language
      ? [{ kind: 'captions', language, label: languageName(language), path: file }]
      : [];
  });
}
