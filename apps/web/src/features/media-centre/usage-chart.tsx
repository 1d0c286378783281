import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ScrollableTable } from '../../components/scrollable-table.tsx';
import { formatMonth, sumOf, type MonthUsage, type UsageCounts } from './usage.ts';
import { formatCount } from '../../lib/format-count.ts';

type Series = keyof UsageCounts;

/**
 * The three series, told apart by fill pattern as well as colour (each colour 7:1 on white or
 * more): plays solid, downloads striped, views dotted.
 */
const SERIES: readonly { key: Series; color: string; pattern: 'solid' | 'stripes' | 'dots' }[] = [
  { key: 'plays', color: '#1d5c96', pattern: 'solid' },
  { key: 'downloads', color: '#8a4b08', pattern: 'stripes' },
  { key: 'views', color: '#4a5360', pattern: 'dots' },
];

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 48 };
/** Room one month label needs, in pixels. */
const LABEL_SPACE = 52;
const TICKS = 4;

/** The smallest 1, 2, 2.5 or 5 times a power of ten at or above `value` (at least 1). */
export function niceStep(value: number): number {
  if (value <= 1) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(value));
  const factor = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= value) ?? 10;
  return factor * power;
}

/** The width the chart has, followed as the window changes (720 where it cannot be measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') {
      return undefined;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) {
        setWidth(Math.floor(entry.contentRect.width));
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, width };
}

function PatternDefs({ idOf }: { idOf: (series: Series) => string }) {
  return (
    <defs>
      {SERIES.map(({ key, color, pattern }) => (
        <pattern
          key={key}
          id={idOf(key)}
          width={6}
          height={6}
          patternUnits="userSpaceOnUse"
          patternTransform={pattern === 'stripes' ? 'rotate(45)' : undefined}
        >
          <rect width={6} height={6} fill={color} />
          {pattern === 'stripes' && <rect width={2} height={6} fill="#fff" opacity={0.6} />}
          {pattern === 'dots' && <circle cx={3} cy={3} r={1.3} fill="#fff" opacity={0.7} />}
        </pattern>
      ))}
    </defs>
  );
}

/**
 * Use per month as grouped bars, drawn here in SVG: the figure is named by its caption and
 * described by a summary (totals and the busiest month); a button shows its values as a table.
 */
export function UsageChart({ months }: { months: readonly MonthUsage[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const summaryId = useId();
  const tableId = useId();
  const patternPrefix = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [tableShown, setTableShown] = useState(false);
  const { ref, width } = useWidth();

  const total = sumOf(months);
  const busiest = months.reduce<MonthUsage | undefined>(
    (best, month) => (month.plays > (best?.plays ?? 0) ? month : best),
    undefined,
  );
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';
  const summary = [
    t('mediaCentre.history.chartSummary', {
      from: formatMonth(first),
      to: formatMonth(last),
      ...total,
    }),
    busiest
      ? t('mediaCentre.history.chartPeak', {
          month: formatMonth(busiest.month),
          plays: busiest.plays,
        })
      : '',
  ]
    .join(' ')
    .trim();

  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 1);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(0, ...months.flatMap((month) => SERIES.map(({ key }) => month[key])));
  const step = niceStep(highest / TICKS);
  const top = step * TICKS;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const groupWidth = plotWidth / Math.max(months.length, 1);
  const barWidth = Math.max(Math.min(18, (groupWidth * 0.8) / SERIES.length), 1);
  const labelEvery = Math.ceil(LABEL_SPACE / groupWidth);
  const patternId = (series: Series) => `${patternPrefix}-${series}`;

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box component="figcaption" sx={{ mb: 1 }}>
        <Typography variant="h2" id={titleId} sx={{ mb: 0.5 }}>
          {t('mediaCentre.history.chartTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id={summaryId}>
          {summary}
        </Typography>
      </Box>
      <Box ref={ref} sx={{ width: '100%' }}>
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={summaryId}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <PatternDefs idOf={patternId} />
          {Array.from({ length: TICKS + 1 }, (_unused, index) => {
            const value = step * index;
            return (
              <g key={value}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(value)}
                  y2={y(value)}
                  stroke={index === 0 ? '#4a5360' : '#d5d9df'}
                />
                <text
                  x={MARGIN.left - 6}
                  y={y(value)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize={12}
                  fill="#4a5360"
                >
                  {formatCount(value)}
                </text>
              </g>
            );
          })}
          {months.map((month, index) => {
            const left =
              MARGIN.left + index * groupWidth + (groupWidth - barWidth * SERIES.length) / 2;
            return (
              <g key={month.month}>
                <title>
                  {t('mediaCentre.history.chartBar', { ...month, month: formatMonth(month.month) })}
                </title>
                {SERIES.map(({ key }, position) => (
                  <rect
                    key={key}
                    x={left + position * barWidth}
                    y={y(month[key])}
                    width={Math.max(barWidth - 1, 1)}
                    height={y(0) - y(month[key])}
                    fill={`url(#${patternId(key)})`}
                  />
                ))}
                {index % labelEvery === 0 && (
                  <text
                    x={MARGIN.left + (index + 0.5) * groupWidth}
                    y={HEIGHT - MARGIN.bottom + 16}
                    textAnchor="middle"
                    fontSize={12}
                    fill="#4a5360"
                  >
                    {formatMonth(month.month, 'short')}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Box>
      <Box
        component="ul"
        aria-label={t('mediaCentre.history.chartLegend')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, my: 1 }}
      >
        {SERIES.map(({ key }) => (
          <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <svg width={16} height={16} aria-hidden>
              <rect width={16} height={16} fill={`url(#${patternId(key)})`} />
            </svg>
            <Typography variant="body2">{t(`mediaCentre.history.${key}`)}</Typography>
          </Box>
        ))}
      </Box>
      <Button
        size="small"
        aria-expanded={tableShown}
        aria-controls={tableShown ? tableId : undefined}
        onClick={() => {
          setTableShown(!tableShown);
        }}
      >
        {tableShown
          ? t('mediaCentre.history.chartTableHide')
          : t('mediaCentre.history.chartTableShow')}
      </Button>
      {tableShown && (
        <ScrollableTable id={tableId} label={t('mediaCentre.history.chartTableLabel')}>
          <Table size="small" aria-label={t('mediaCentre.history.chartTableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('mediaCentre.history.month')}</TableCell>
                {SERIES.map(({ key }) => (
                  <TableCell key={key} align="right">
                    {t(`mediaCentre.history.${key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row">
                    {formatMonth(month.month)}
                  </TableCell>
                  {SERIES.map(({ key }) => (
                    <TableCell key={key} align="right">
                      {formatCount(month[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Box>
  );
}
