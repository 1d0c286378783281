import { MEDIUM_FIELD_LABELS, type ProducerMedium } from '@medienkatalog/domain';

/** A row of the edit grid: the medium plus a key that survives a change of its identifier. */
export type GridRow = ProducerMedium & { key: string };

export type EditableField = keyof Omit<
  ProducerMedium,
  'identifier' | 'pool' | 'fn_prodname' | 'fn_context' | 'fn_aenderung' | 'teaser_image'
>;

/**
 * How a column shows and edits its value: the spec's editor kinds (2.3). Picker columns are
 * read-only cells whose value changes through their dialog; the status is chosen from its three
 * German labels.
 */
export type ColumnKind =
  | 'changed'
  | 'selection'
  | 'files'
  | 'image'
  | 'text'
  | 'longText'
  | 'number'
  | 'type'
  | 'status'
  | 'picker';

export interface GridColumn {
  /** Column id: the medium's field, or the name of a non-field column. */
  id: EditableField | 'fn_aenderung' | 'selection' | 'files' | 'image';
  /** The German header (producer spec 2.3, verbatim): the field's one name everywhere. */
  header: string;
  kind: ColumnKind;
  width: number;
}

const field = (id: EditableField, kind: ColumnKind, width: number): GridColumn => ({
  id,
  header: MEDIUM_FIELD_LABELS[id],
  kind,
  width,
});
const text = (id: EditableField, width = 180) => field(id, 'text', width);
const longText = (id: EditableField) => field(id, 'longText', 260);
const picker = (id: EditableField) => field(id, 'picker', 200);

/** The 26 columns of the edit grid, in the spec's order. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  { id: 'fn_aenderung', header: 'Geändert', kind: 'changed', width: 150 },
  { id: 'selection', header: 'Auswahl', kind: 'selection', width: 100 },
  { id: 'files', header: 'Dateien', kind: 'files', width: 100 },
  { id: 'image', header: 'Bild', kind: 'image', width: 124 },
  text('fn_nr', 140),
  text('fn_titel', 240),
  text('fn_utitel'),
  text('fn_paratitel'),
  longText('fn_text'),
  longText('fn_kurztext'),
  longText('fn_langtext'),
  picker('fn_adressat'),
  picker('fn_schlag'),
  field('fn_typ', 'type', 170),
  field('fn_prodjahr', 'number', 150),
  picker('fn_sprache'),
  text('fn_produ'),
  text('fn_sertitel'),
  picker('fn_geb'),
  text('fn_herausgeber'),
  text('fn_laenge', 110),
  longText('fn_bemerk'),
  field('fn_status', 'status', 150),
  text('fn_url', 220),
  text('fn_autor'),
  text('fn_beigaben'),
];

/** The columns whose values the producer edits: they make up the CSV export (spec 5). */
export const EDITABLE_COLUMNS = GRID_COLUMNS.filter(
  (column): column is GridColumn & { id: EditableField } =>
    column.kind !== 'changed' &&
    column.kind !== 'selection' &&
    column.kind !== 'files' &&
    column.kind !== 'image',
);
