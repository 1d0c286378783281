import { ErrorSchema, JOB_KIND_LABELS, JobListSchema, type Job } from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessPolicy } from '../auth/policies.ts';
import type { JobRow, JobsRepository } from './jobs.repository.ts';

export interface JobRoutesOptions {
  jobs: JobsRepository;
  policy: AccessPolicy;
  /** Whether ffmpeg is there (video and audio are processed). */
  processing: boolean;
}

/** A medium's jobs listed: the newest 50. */
const LISTED = 50;

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  label: JOB_KIND_LABELS[row.kind] ?? row.kind,
  state: row.state,
  progress: Math.max(0, Math.min(1, row.progress)),
  attempts: row.attempts,
  path: typeof row.payload.path === 'string' ? row.payload.path : null,
  error: row.state === 'done' ? null : row.error,
  created_at: new Date(row.created_at).toISOString(),
  finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

/** GET /api/v1/producer/media/{id}/jobs: the file manager's view of the media pipeline. */
export const jobRoutes: FastifyPluginAsyncZod<JobRoutesOptions> = async (
  app,
  { jobs, policy, processing },
) => {
  app.get(
    '/api/v1/producer/media/:id/jobs',
    {
      schema: {
        tags: ['Produzent: Dateien'],
        summary: 'The jobs of an own medium (durations, poster frames, renditions, covers, ZIPs)',
        description:
          'Newest first, at most 50, with state and progress (0 to 1); `processing` is false ' +
          'when the server has no ffmpeg (videos then play as uploaded).',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: JobListSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const medium = await policy.medium(request.user, 'manage', request.params.id);
      void reply.header('Cache-Control', 'private, no-store');
      return { processing, jobs: (await jobs.ofMedium(medium.id, LISTED)).map(toJob) };
    },
  );
};
