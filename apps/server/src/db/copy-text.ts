/** A value of one column in COPY's text format. */
export type CopyValue = string | number | Date | readonly string[] | null;

/** Backslash, tab, newline and carriage return are what COPY's text format escapes. */
function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

/** A text[] literal: every element quoted, its quotes and backslashes escaped. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

function copyField(value: CopyValue): string {
  if (value === null) {
    return '\\N';
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (typeof value === 'number') {
    return String(value);
  }
  return escapeText(typeof value === 'string' ? value : arrayLiteral(value));
}

/** One row as a line of `COPY … FROM STDIN` (text format), ending in a newline. */
export function copyTextLine(values: readonly CopyValue[]): string {
  return `${values.map(copyField).join('\t')}\n`;
}
