import { describe, expect, it } from 'vitest';
import { csvDocument, csvFileName, type CsvColumn } from './csv-export.ts';

interface Row {
  fn_nr: string;
  fn_titel: string;
  fn_laenge: number | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Nummer', value: (row) => row.fn_nr },
  { header: 'Titel', value: (row) => row.fn_titel },
  { header: 'Länge', value: (row) => row.fn_laenge },
];

describe('CSV export', () => {
  it('starts with a byte-order mark, quotes every value, doubles quotes and ends rows with CRLF', () => {
    const text = csvDocument(columns, [
      { fn_nr: 'A-1', fn_titel: 'Die „Größe“ der "Welt", Teil 1', fn_laenge: 15 },
      { fn_nr: 'A-2', fn_titel: 'Zeile\nzwei', fn_laenge: null },
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      '"Nummer","Titel","Länge"',
      '"A-1","Die „Größe“ der ""Welt"", Teil 1","15"',
      '"A-2","Zeile\nzwei",""',
      '',
    ]);
  });

  it('prefixes a single quote to texts a spreadsheet would run as a formula', () => {
    const titles = [
      '=SUMME(A1)',
      '+49 30 1234',
      '-Fische',
      '@Kurs',
      '\tEingerückt',
      '\rZeile',
      '=HYPERLINK("https://example.invalid","Klick")',
    ];
    const text = csvDocument(
      columns,
      titles.map((fn_titel, index) => ({ fn_nr: String(index), fn_titel, fn_laenge: null })),
    );
    const cells = text
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(line.indexOf(',') + 1, line.lastIndexOf(',')));
    expect(cells).toEqual([
      `"'=SUMME(A1)"`,
      `"'+49 30 1234"`,
      `"'-Fische"`,
      `"'@Kurs"`,
      `"'\tEingerückt"`,
      `"'\rZeile"`,
      `"'=HYPERLINK(""https://example.invalid"",""Klick"")"`,
    ]);
  });

  it('leaves other texts, formula characters further in, and numbers as they are', () => {
    const text = csvDocument(columns, [
      { fn_nr: 'A-1', fn_titel: 'Fische – 2+2=4 @Schule', fn_laenge: -15 },
      { fn_nr: ' =Leerzeichen', fn_titel: "'Zitat'", fn_laenge: 0 },
    ]);
    expect(text.slice(1).split('\r\n').slice(1)).toEqual([
      '"A-1","Fische – 2+2=4 @Schule","-15"',
      `" =Leerzeichen","'Zitat'","0"`,
      '',
    ]);
  });

  it('names the file after the day', () => {
    expect(csvFileName(new Date(2026, 10, 2, 23, 59))).toBe('media-catalog-2026-11-02.csv');
  });
});
