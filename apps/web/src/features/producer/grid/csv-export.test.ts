import { describe, expect, it } from 'vitest';
import { EDITABLE_COLUMNS, GRID_COLUMNS, type GridRow } from './columns.ts';
import { gridCsv } from './csv-export.ts';

const row = (fields: Partial<GridRow>): GridRow => ({
  key: 'FWU-1',
  identifier: 'FWU-1',
  pool: 'fwu',
  fn_prodname: 'FWU',
  fn_context: 'admin/fwu',
  fn_aenderung: '2026-11-23T10:00:00.000Z',
  teaser_image: null,
  fn_nr: '1',
  fn_titel: '',
  fn_utitel: '',
  fn_paratitel: '',
  fn_text: '',
  fn_kurztext: '',
  fn_langtext: '',
  fn_adressat: '',
  fn_schlag: '',
  fn_typ: '49',
  fn_prodjahr: '2026',
  fn_sprache: 'de',
  fn_laenge: '',
  fn_sertitel: '',
  fn_geb: '',
  fn_produ: '',
  fn_herausgeber: '',
  fn_autor: '',
  fn_bemerk: '',
  fn_url: '',
  fn_beigaben: '',
  fn_status: 'draft',
  ...fields,
});

describe('the grid CSV', () => {
  it('holds the 22 editable columns in grid order, without date, selection, files and image', () => {
    expect(GRID_COLUMNS).toHaveLength(26);
    expect(EDITABLE_COLUMNS).toHaveLength(22);
    const header = gridCsv([]).replace('\uFEFF', '').split('\r\n')[0];
    expect(header).toBe(EDITABLE_COLUMNS.map((column) => `"${column.header}"`).join(','));
    expect(header?.startsWith('"Medien-Nr.","Titel","Untertitel","Paralleltitel"')).toBe(true);
    expect(header).not.toContain('Geändert');
    expect(header).not.toContain('Bild');
  });

  it('quotes every value, doubles quotes, keeps umlauts and line breaks, ends rows with CRLF', () => {
    const csv = gridCsv([
      row({ fn_titel: 'Größen „messen“ mit "Zoll"', fn_langtext: 'Zeile 1\nZeile 2' }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const line = csv.split('\r\n')[1] ?? '';
    expect(line.startsWith('"1","Größen „messen“ mit ""Zoll""",""')).toBe(true);
    expect(csv).toContain('"Zeile 1\nZeile 2"');
  });
});
