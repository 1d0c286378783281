import { csvDocument, csvFileName } from '@medienkatalog/domain';
import { downloadFile } from '../../../lib/download-file.ts';
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
  downloadFile(gridCsv(rows), 'text/csv;charset=utf-8', csvFileName(now));
}
