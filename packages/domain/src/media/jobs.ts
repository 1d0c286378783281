import { z } from 'zod';

/** The jobs of the media pipeline and what the file manager calls them. */
export const JOB_KIND_LABELS: Readonly<Record<string, string>> = {
  'media.probe': 'Dauer ermitteln',
  'media.poster': 'Vorschaubild aus dem Video',
  'media.renditions': 'Streaming-Fassungen (HLS)',
  'cover.render': 'Cover in allen Größen',
  'zip.build': 'ZIP-Archiv',
};

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** German names of the job states. */
export const JOB_STATE_LABELS: Readonly<Record<(typeof JOB_STATES)[number], string>> = {
  queued: 'Wartet',
  running: 'Läuft',
  done: 'Fertig',
  failed: 'Fehlgeschlagen',
};

/** One job of a medium, as the file manager shows it. */
export const JobSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    label: z.string().meta({ description: 'German name of the work' }),
    state: z.enum(JOB_STATES),
    progress: z.number().min(0).max(1).meta({ description: '0 to 1' }),
    attempts: z.number().int(),
    path: z.string().nullable().meta({ description: 'The file it works on, relative' }),
    error: z.string().nullable().meta({ description: 'Why it failed (German), or null' }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof JobSchema>;

/** GET /api/v1/producer/media/{id}/jobs */
export const JobListSchema = z
  .object({
    processing: z
      .boolean()
      .meta({ description: 'Whether video and audio are processed here (ffmpeg is there)' }),
    jobs: z.array(JobSchema),
  })
  .meta({ id: 'JobList' });
export type JobList = z.infer<typeof JobListSchema>;
