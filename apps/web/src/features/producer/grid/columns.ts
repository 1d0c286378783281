import type { ProducerMedium } from '@medienkatalog/domain';

/** A row of the edit grid: the medium plus a key that survives a change of its identifier. */
export type GridRow = ProducerMedium & { key: string };

export type EditableField = keyof Omit<
  ProducerMedium,
  'identifier' | 'pool' | 'fn_prodname' | 'fn_context' | 'fn_aenderung' | 'teaser_image'
>;

/**
 * How a column shows and edits its value: the spec's editor kinds (2.3). Picker columns are
 * read-only cells whose value changes through their dialog.
 */
export type ColumnKind =
  'changed' | 'selection' | 'files' | 'image' | 'text' | 'longText' | 'number' | 'type' | 'picker';

export interface GridColumn {
  /** Column id: the medium's field, or the name of a non-field column. */
  id: EditableField | 'fn_aenderung' | 'selection' | 'files' | 'image';
  /** The German header (producer spec 2.3, verbatim). */
  header: string;
  kind: ColumnKind;
  width: number;
}

const text = (id: EditableField, header: string, width = 180): GridColumn => ({
  id,
  header,
  kind: 'text',
  width,
});
const longText = (id: EditableField, header: string): GridColumn => ({
  id,
  header,
  kind: 'longText',
  width: 260,
});
const picker = (id: EditableField, header: string): GridColumn => ({
  id,
  header,
  kind: 'picker',
  width: 200,
});

/** The 26 columns of the edit grid, in the spec's order. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  { id: 'fn_aenderung', header: 'Geändert', kind: 'changed', width: 150 },
  { id: 'selection', header: 'Auswahl', kind: 'selection', width: 100 },
  { id: 'files', header: 'Dateien', kind: 'files', width: 100 },
  { id: 'image', header: 'Bild', kind: 'image', width: 124 },
  text('fn_nr', 'Medien-Nr.', 140),
  text('fn_titel', 'Titel', 240),
  text('fn_utitel', 'Untertitel'),
  text('fn_paratitel', 'Paralleltitel'),
  longText('fn_text', 'Beschreibung'),
  longText('fn_kurztext', 'Kurzbeschreibung'),
  longText('fn_langtext', 'Langtext'),
  picker('fn_adressat', 'Zielgruppe'),
  picker('fn_schlag', 'Schlagwörter'),
  { id: 'fn_typ', header: 'Typ', kind: 'type', width: 170 },
  { id: 'fn_prodjahr', header: 'Produktionsjahr', kind: 'number', width: 150 },
  picker('fn_sprache', 'Sprachen'),
  text('fn_produ', 'Produzent'),
  text('fn_sertitel', 'Serientitel'),
  picker('fn_geb', 'Sachgebiete'),
  text('fn_herausgeber', 'Herausgeber'),
  text('fn_laenge', 'Länge', 110),
  longText('fn_bemerk', 'Bemerkungen'),
  text('fn_status', 'Status', 130),
  text('fn_url', 'URL', 220),
  text('fn_autor', 'Autor'),
  text('fn_beigaben', 'Beigaben'),
];

/** The columns whose values the producer edits: they make up the CSV export (spec 5). */
export const EDITABLE_COLUMNS = GRID_COLUMNS.filter(
  (column): column is GridColumn & { id: EditableField } =>
    column.kind !== 'changed' &&
    column.kind !== 'selection' &&
    column.kind !== 'files' &&
    column.kind !== 'image',
);
