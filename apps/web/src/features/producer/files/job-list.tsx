import { JOB_STATE_LABELS, type Job } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useMediaJobs } from '../../../api/media-jobs.ts';

/** Only the latest jobs are listed: the file manager is about files. */
const SHOWN = 8;

const percent = (job: Job) => Math.round(job.progress * 100);

/**
 * The processing of the medium's files (issue 14): each job's German name, file, state and
 * progress, the reason of a failure; and a note when the server cannot process video and audio.
 * Asked for again every second while something waits or runs.
 */
export function JobList({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useMediaJobs(identifier);
  if (!data || (data.processing && data.jobs.length === 0)) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('producer.files.jobs.heading')}
      </Typography>
      {!data.processing && (
        <Alert severity="info" sx={{ my: 1 }}>
          {t('producer.files.jobs.unavailable')}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.jobs.slice(0, SHOWN).map((job) => (
          <Box component="li" key={job.id}>
            <Typography variant="body2">
              {job.path
                ? t('producer.files.jobs.itemWithPath', { label: job.label, path: job.path })
                : job.label}
              {' – '}
              {job.state === 'running'
                ? t('producer.files.jobs.running', { percent: percent(job) })
                : JOB_STATE_LABELS[job.state]}
            </Typography>
            {job.state === 'running' && (
              <LinearProgress
                variant="determinate"
                value={percent(job)}
                aria-label={t('producer.files.jobs.progress', { label: job.label })}
              />
            )}
            {job.state === 'failed' && job.error && (
              <Typography variant="body2" color="error">
                {job.error}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
