import type { JobList } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';
import { MEDIA_FILES_KEY } from './media-files.ts';

/** GET /api/v1/producer/media/{id}/jobs: the medium's processing jobs, newest first. */
export const fetchMediaJobs = (identifier: string) =>
  apiJson<JobList>(`/api/v1/producer/media/${encodeURIComponent(identifier)}/jobs`);

/** While a job waits or runs, the list is asked for again every second. */
const POLL_MS = 1000;
/**
 * Otherwise every five: an upload's jobs are queued just after its answer, so the list fetched
 * when the upload ended may not have them yet.
 */
const IDLE_POLL_MS = 5000;

/** Under the files' key, so every change of the files (an upload) asks for the jobs again. */
export const mediaJobsQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: [MEDIA_FILES_KEY, identifier, 'jobs'],
    queryFn: () => fetchMediaJobs(identifier),
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.state === 'queued' || job.state === 'running')
        ? POLL_MS
        : IDLE_POLL_MS,
  });

export const useMediaJobs = (identifier: string) =>
  useQuery({ ...mediaJobsQueryOptions(identifier), enabled: identifier !== '' });
