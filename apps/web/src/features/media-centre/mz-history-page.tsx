import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMzHistory } from '../../api/mz-history.ts';
import { useMzSchools } from '../../api/mz-schools.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { PageHeading } from './licence-list-parts.tsx';
import { usageCsv } from './usage-csv.ts';
import { UsageChart } from './usage-chart.tsx';
import { UsageTable } from './usage-table.tsx';
import {
  DEFAULT_SORT,
  formatMonth,
  lastTwelveMonths,
  MAX_MONTHS,
  monthsBetween,
  pickableMonths,
  sortUsage,
  usageByMonth,
  type UsageSort,
} from './usage.ts';

/** The most rows the server answers (then the range should be narrowed). */
const SERVER_ROW_LIMIT = 10_000;
const ALL_SCHOOLS = '';

/**
 * /mz/history 'Nutzung': what the district's schools used per month, school and medium, for a
 * range of months (the last 12 unless chosen), a school and a medium's title or identifier; as
 * a chart with a text alternative, a sortable table with sums, and a CSV of the rows shown.
 */
export function MzHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('mediaCentre.history.title'));
  const [now] = useState(() => new Date());
  const months = useMemo(() => pickableMonths(now), [now]);
  const [range, setRange] = useState(() => lastTwelveMonths(now));
  const [school, setSchool] = useState(ALL_SCHOOLS);
  const [medium, setMedium] = useState('');
  const [sort, setSort] = useState<UsageSort>(DEFAULT_SORT);
  const schools = useMzSchools();
  const settledMedium = useDebouncedValue(medium.trim());

  const span = monthsBetween(range.from, range.to).length;
  const rangeProblem =
    span === 0
      ? t('mediaCentre.history.rangeOrder')
      : span > MAX_MONTHS
        ? t('mediaCentre.history.rangeTooLong', { count: MAX_MONTHS })
        : undefined;
  const history = useMzHistory(
    {
      ...range,
      school: school === ALL_SCHOOLS ? undefined : Number(school),
      medium: settledMedium,
    },
    rangeProblem === undefined,
  );
  const rows = useMemo(() => sortUsage(history.data ?? [], sort), [history.data, sort]);
  const byMonth = useMemo(
    () => (rangeProblem ? [] : usageByMonth(history.data ?? [], range.from, range.to)),
    [history.data, range, rangeProblem],
  );

  const monthSelect = (which: 'from' | 'to') => (
    <TextField
      select
      size="small"
      label={t(`mediaCentre.history.${which}`)}
      value={range[which]}
      onChange={(event) => {
        setRange({ ...range, [which]: event.target.value });
      }}
      error={which === 'to' && rangeProblem !== undefined}
      helperText={which === 'to' ? rangeProblem : undefined}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 170 }}
    >
      {months.map((month) => (
        <option key={month} value={month}>
          {formatMonth(month)}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box>
      <PageHeading title={t('mediaCentre.history.title')} intro={t('mediaCentre.history.intro')} />
      <Box
        role="search"
        aria-label={t('mediaCentre.history.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'flex-start' }}
      >
        {monthSelect('from')}
        {monthSelect('to')}
        <TextField
          select
          size="small"
          label={t('mediaCentre.history.school')}
          value={school}
          onChange={(event) => {
            setSchool(event.target.value);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          <option value={ALL_SCHOOLS}>{t('mediaCentre.history.allSchools')}</option>
          {schools.data?.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.school_number === null ? item.name : `${item.name} (${item.school_number})`}
            </option>
          ))}
        </TextField>
        <TextField
          type="search"
          size="small"
          label={t('mediaCentre.history.medium')}
          helperText={t('mediaCentre.history.mediumHint')}
          value={medium}
          onChange={(event) => {
            setMedium(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 240 }}
        />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {history.isFetching && !history.isPending && (
          <LinearProgress aria-label={t('app.loading')} />
        )}
      </Box>
      {history.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('mediaCentre.history.loadError', { message: history.error.message })}
        </Alert>
      )}
      {history.isPending && !rangeProblem && (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={300} sx={{ mb: 2 }} aria-hidden />
          <Skeleton variant="rounded" height={240} aria-hidden />
        </Box>
      )}
      {history.data && !rangeProblem && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <UsageChart months={byMonth} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
            >
              <Typography role="status" sx={{ flexGrow: 1 }}>
                {t('mediaCentre.history.rows', { count: rows.length })}
              </Typography>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={rows.length === 0}
                onClick={() => {
                  downloadFile(
                    usageCsv(rows, t),
                    t('mediaCentre.history.csvFile', range),
                    'text/csv;charset=utf-8',
                  );
                }}
              >
                {t('mediaCentre.history.csv')}
              </Button>
            </Stack>
            {rows.length >= SERVER_ROW_LIMIT && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('mediaCentre.history.truncated', { count: SERVER_ROW_LIMIT })}
              </Alert>
            )}
            {rows.length === 0 ? (
              <Typography>{t('mediaCentre.history.empty')}</Typography>
            ) : (
              <UsageTable rows={rows} sort={sort} onSort={setSort} />
            )}
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
