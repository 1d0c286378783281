import type { UsageRow } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { usageCsv } from './usage-csv.ts';

const rows: UsageRow[] = [
  {
    month: '2026-10',
    school: 'Gesamtschule Am Stadtpark',
    school_number: '100234',
    identifier: 'LF-7',
    title: 'H<sub>2</sub>O – „Wasser“ mit "Zoll"',
    views: 12,
    plays: 5,
    downloads: 1,
  },
  {
    month: '2026-09',
    school: '=HYPERLINK("x")',
    school_number: null,
    identifier: 'LF-8',
    title: '-Fische',
    views: 0,
    plays: 2,
    downloads: 0,
  },
];

describe('usageCsv', () => {
  it('writes UTF-8 with a byte-order mark, the German header and CRLF lines', () => {
    const csv = usageCsv(rows, i18next.t);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Monat","Schule","Schulnummer","Kennung","Titel","Aufrufe","Wiedergaben","Downloads"',
    );
    expect(lines).toHaveLength(4);
  });

  it('keeps the rows in the order given, quotes every value, plain titles, no formulas', () => {
    const lines = usageCsv(rows, i18next.t).slice(1).split('\r\n');
    expect(lines[1]).toBe(
      '"2026-10","Gesamtschule Am Stadtpark","100234","LF-7","H2O – „Wasser“ mit ""Zoll""","12","5","1"',
    );
    expect(lines[2]).toBe('"2026-09","\'=HYPERLINK(""x"")","","LF-8","\'-Fische","0","2","0"');
  });
});
