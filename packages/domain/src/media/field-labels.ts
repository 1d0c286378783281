import { parseSubjects } from '../formats/subjects.ts';
import { parseTargetGroups } from '../formats/target-groups.ts';
import { audienceLabel } from '../lookups/audiences.ts';
import { subjectAreaName } from '../lookups/subject-areas.ts';
import type { MediumFields, MediumStatus } from './medium.ts';

/**
 * The one German name of each field of a medium, as the edit grid's columns have it (producer
 * spec 2.3). The wizard, the bulk update and the server's messages use the same names.
 */
export const MEDIUM_FIELD_LABELS: Readonly<Record<keyof MediumFields, string>> = {
  fn_nr: 'Medien-Nr.',
  fn_titel: 'Titel',
  fn_utitel: 'Untertitel',
  fn_paratitel: 'Paralleltitel',
  fn_text: 'Beschreibung',
  fn_kurztext: 'Kurzbeschreibung',
  fn_langtext: 'Langtext',
  fn_adressat: 'Zielgruppe',
  fn_schlag: 'Schlagwörter',
  fn_typ: 'Typ',
  fn_prodjahr: 'Produktionsjahr',
  fn_sprache: 'Sprachen',
  fn_produ: 'Produzent',
  fn_sertitel: 'Serientitel',
  fn_geb: 'Sachgebiete',
  fn_herausgeber: 'Herausgeber',
  fn_laenge: 'Länge',
  fn_bemerk: 'Bemerkungen',
  fn_status: 'Status',
  fn_url: 'URL',
  fn_autor: 'Autor',
  fn_beigaben: 'Beigaben',
};

/** The German names of the statuses (producer spec 2.6). */
export const MEDIUM_STATUS_LABELS: Readonly<Record<MediumStatus, string>> = {
  draft: 'Entwurf',
  published: 'Veröffentlicht',
  archived: 'Archiviert',
};

const isField = (key: string): key is keyof MediumFields => Object.hasOwn(MEDIUM_FIELD_LABELS, key);

/** The German name of a field ('fn_text' → 'Beschreibung'), undefined for other keys. */
export function mediumFieldLabel(key: string): string | undefined {
  return isField(key) ? MEDIUM_FIELD_LABELS[key] : undefined;
}

/**
 * A validation message naming its field as the producer's screens do: the field is the last
 * medium field in the path ('/updates/fn_status' → 'Status: …'). Messages that already name
 * it, and paths without a medium field, stay as they are.
 */
export function withFieldLabel(path: readonly PropertyKey[], message: string): string {
  const field = path
    .filter((key): key is string => typeof key === 'string')
    .map(mediumFieldLabel)
    .findLast((label) => label !== undefined);
  return field === undefined || message.includes(field) ? message : `${field}: ${message}`;
}

/** 'A(9-13); T' → 'Allgemeinbildende Schule, Klasse 9–13; Lehrerfortbildung'. */
export function targetGroupNames(stored: string): string {
  return parseTargetGroups(stored).map(audienceLabel).join('; ');
}

/** '08001, 080' → the names of the subject areas, in their order. */
export function subjectAreaNames(stored: string): string {
  return parseSubjects(stored).map(subjectAreaName).join(', ');
}
