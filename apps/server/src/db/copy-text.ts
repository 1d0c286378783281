/** A value of one column in COPY's text format. */
export type CopyValue = string | number | Date | readonly string[] | null;

/** Backslash, tab, newline and carriage return are what COPY's text format escapes. */
const ESCAPED = /[\\\t\n\r]/;
const ESCAPED_ALL = /[\\\t\n\r]/g;
/** Quotes and backslashes inside a text[] element. */
const QUOTED = /["\\]/;
const QUOTED_ALL = /["\\]/g;

function escapeText(text: string): string {
  // Most texts hold none: looked for first, as replacing with a function cost more.
  return ESCAPED.test(text)
    ? text.replace(ESCAPED_ALL, (char) =>
        char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
      )
    : text;
}

/** A text[] literal: every element quoted, its quotes and backslashes escaped. */
function arrayLiteral(items: readonly string[]): string {
  let literal = '{';
  for (const [index, item] of items.entries()) {
    const quoted = QUOTED.test(item) ? item.replace(QUOTED_ALL, '\\$&') : item;
    literal += `${index === 0 ? '' : ','}"${quoted}"`;
  }
  return `${literal}}`;
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
