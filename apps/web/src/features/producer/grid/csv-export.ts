import { csvDocument, csvFileName } from '@medienkatalog/domain';
import { EDITABLE_COLUMNS, type GridRow } from './columns.ts';

/** The grid's rows as the CSV of producer spec 5 and 9: editable columns only. */
export function gridCsv(rows: readonly GridRow[]): string {
  return csvDocument(
    EDITABLE_COLUMNS.map((column) => ({
      header: column.header,
      value: (row: GridRow) => row[column.id],
    })),
    rows,
  );
}

/** Downloads the rows as media-catalog-{date}.csv. */
export function downloadCsv(rows: readonly GridRow[], now = new Date()): void {
  const url = URL.createObjectURL(new Blob([gridCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then (spec 9: object-URL revoke delay 120 ms).
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 120);
}
