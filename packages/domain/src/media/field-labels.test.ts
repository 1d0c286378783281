import { describe, expect, it } from 'vitest';
import {
  MEDIUM_FIELD_LABELS,
  subjectAreaNames,
  targetGroupNames,
  withFieldLabel,
} from './field-labels.ts';
import { ProducerMediumInputSchema } from './producer.ts';

describe('the names of a medium’s fields', () => {
  it('has one German name per field, the edit grid’s', () => {
    expect(MEDIUM_FIELD_LABELS.fn_text).toBe('Beschreibung');
    expect(MEDIUM_FIELD_LABELS.fn_kurztext).toBe('Kurzbeschreibung');
    expect(MEDIUM_FIELD_LABELS.fn_langtext).toBe('Langtext');
    expect(new Set(Object.values(MEDIUM_FIELD_LABELS)).size).toBe(
      Object.keys(MEDIUM_FIELD_LABELS).length,
    );
  });

  it('names the field of a validation message once', () => {
    expect(withFieldLabel(['updates', 'fn_status'], 'Ungültig.')).toBe('Status: Ungültig.');
    expect(withFieldLabel(['', 'fn_prodjahr'], 'Das Produktionsjahr fehlt.')).toBe(
      'Das Produktionsjahr fehlt.',
    );
    expect(withFieldLabel(['ids'], 'ID-Array darf nicht leer sein')).toBe(
      'ID-Array darf nicht leer sein',
    );
  });

  it('refuses an English or unknown status with the German choices', () => {
    const result = ProducerMediumInputSchema.safeParse({
      fn_nr: 'N1',
      fn_titel: 'T',
      fn_adressat: 'A',
      fn_status: 'Veröffentlicht',
    });
    expect(result.error?.issues[0]?.message).toBe(
      'Bitte wählen Sie „Entwurf“, „Veröffentlicht“ oder „Archiviert“.',
    );
  });

  it('shows target groups and subject areas by name', () => {
    expect(targetGroupNames('A(9-13); T')).toBe(
      'Allgemeinbildende Schule, Klasse 9–13; Lehrerfortbildung',
    );
    expect(targetGroupNames('')).toBe('');
    expect(subjectAreaNames('240, 66002')).toBe('Geschichte, Verkehrsmittel');
  });
});
