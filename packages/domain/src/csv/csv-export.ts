/** One column of an export: the record field and its header. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

const BYTE_ORDER_MARK = '\uFEFF';

/** First characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that would start a formula ('=SUMME(A1)', '-Fische', '@Kurs') gets a leading single
 * quote, so spreadsheet programs show it as text and never run it. Numbers stay as they are.
 */
function neutralised(value: string | number | null | undefined): string {
  if (typeof value === 'string') {
    return FORMULA_START.test(value) ? `'${value}` : value;
  }
  return String(value ?? '');
}

/** Every value quoted, quotes doubled (producer spec 5). */
function quote(value: string | number | null | undefined): string {
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

/**
 * The CSV export of the producer's grid (spec 9): a byte-order mark (so spreadsheet programs
 * read UTF-8 and the umlauts stay intact), a header row, comma-separated quoted values, CRLF;
 * texts that would start a formula are neutralised.
 */
export function csvDocument<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => quote(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => quote(column.value(row))).join(',')),
  ];
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** 'media-catalog-2026-11-22.csv' (the local date). */
export function csvFileName(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `media-catalog-${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
