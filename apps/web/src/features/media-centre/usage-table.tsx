import type { UsageRow } from '@medienkatalog/domain';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { sanitizeTitle } from '../../lib/sanitize.ts';
import { ScrollableTable } from '../../components/scrollable-table.tsx';
import { formatMonth, sumOf, type UsageColumn, type UsageSort } from './usage.ts';
import { formatCount } from '../../lib/format-count.ts';

const PAGE_SIZES = [25, 50, 100];
const COUNTS = ['views', 'plays', 'downloads'] as const;
const COLUMNS: readonly UsageColumn[] = ['month', 'school', 'title', ...COUNTS];

export interface UsageTableProps {
  /** The rows, sorted as `sort` says. */
  rows: readonly UsageRow[];
  sort: UsageSort;
  onSort: (sort: UsageSort) => void;
}

/**
 * The history per month, school and medium: sortable by every column (the first click sorts
 * counts from the most), in pages, with the sums of all rows at the foot.
 */
export function UsageTable({ rows, sort, onSort }: UsageTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 25);
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    // New rows (a filter or the order changed) start at the first page.
    setShownRows(rows);
    setPage(0);
  }
  const total = sumOf(rows);
  const heading = (column: UsageColumn) =>
    t(`mediaCentre.history.${column === 'title' ? 'titleColumn' : column}`);
  const sortBy = (column: UsageColumn) => {
    const numeric = (COUNTS as readonly string[]).includes(column);
    onSort(
      sort.column === column
        ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: numeric || column === 'month' ? 'desc' : 'asc' },
    );
  };

  return (
    <>
      <ScrollableTable label={t('mediaCentre.history.tableLabel')}>
        <Table
          size="small"
          aria-label={t('mediaCentre.history.tableLabel')}
          // On a phone the table scrolls sideways rather than squeezing the titles.
          sx={{ minWidth: 760 }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => {
                const active = sort.column === column;
                return (
                  <TableCell
                    key={column}
                    align={(COUNTS as readonly string[]).includes(column) ? 'right' : 'left'}
                    sortDirection={active ? sort.direction : false}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => {
                        sortBy(column);
                      }}
                    >
                      {heading(column)}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(page * pageSize, (page + 1) * pageSize).map((row) => (
              <TableRow key={`${row.month}|${row.school}|${row.identifier}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonth(row.month)}</TableCell>
                <TableCell>
                  {row.school}
                  {row.school_number !== null && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` · ${row.school_number}`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <span dangerouslySetInnerHTML={{ __html: sanitizeTitle(row.title) }} />
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · ${row.identifier}`}
                  </Typography>
                </TableCell>
                {COUNTS.map((count) => (
                  <TableCell key={count} align="right">
                    {formatCount(row[count])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter
            sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontSize: '0.875rem' } }}
          >
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700 }}>
                {t('mediaCentre.history.total')}
              </TableCell>
              {COUNTS.map((count) => (
                <TableCell key={count} align="right" sx={{ fontWeight: 700 }}>
                  {formatCount(total[count])}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollableTable>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => {
          setPage(next);
        }}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('mediaCentre.history.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          t('mediaCentre.history.displayedRows', { from, to, count })
        }
        getItemAriaLabel={(type) =>
          t(
            type === 'first'
              ? 'mediaCentre.history.firstPage'
              : type === 'last'
                ? 'mediaCentre.history.lastPage'
                : type === 'next'
                  ? 'mediaCentre.history.nextPage'
                  : 'mediaCentre.history.previousPage',
          )
        }
        showFirstButton
        showLastButton
      />
    </>
  );
}
