import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from '../../i18n/use-translation.ts';

export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

export interface PagedTableFooterProps {
  count: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rows: number) => void;
  rowsPerPageOptions?: number[];
}

/** MUI's table pagination in German ('Zeilen pro Seite', '1–25 von 120'). */
export function PagedTableFooter({
  count,
  page,
  rowsPerPage,
  onPageChange,
  onRowsPerPageChange,
  rowsPerPageOptions = ROWS_PER_PAGE_OPTIONS,
}: PagedTableFooterProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={rowsPerPageOptions}
      onPageChange={(_event, next) => {
        onPageChange(next);
      }}
      onRowsPerPageChange={(event) => {
        onRowsPerPageChange(Number(event.target.value));
      }}
      labelRowsPerPage={t('licensing.pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('licensing.pagination.displayed', { from, to, count: total })
      }
      getItemAriaLabel={(type) => t(`licensing.pagination.${type}`)}
    />
  );
}
