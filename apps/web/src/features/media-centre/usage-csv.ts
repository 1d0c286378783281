import { csvDocument, type CsvColumn, type UsageRow } from '@medienkatalog/domain';
import type { TFunction } from 'i18next';
import { plainTitle } from '../../lib/sanitize.ts';

/** The columns of the history's CSV, named as the table's. */
const usageCsvColumns = (t: TFunction): CsvColumn<UsageRow>[] => [
  { header: t('mediaCentre.history.month'), value: (row) => row.month },
  { header: t('mediaCentre.history.school'), value: (row) => row.school },
  { header: t('mediaCentre.history.schoolNumber'), value: (row) => row.school_number },
  { header: t('mediaCentre.history.identifier'), value: (row) => row.identifier },
  { header: t('mediaCentre.history.titleColumn'), value: (row) => plainTitle(row.title) },
  { header: t('mediaCentre.history.views'), value: (row) => row.views },
  { header: t('mediaCentre.history.plays'), value: (row) => row.plays },
  { header: t('mediaCentre.history.downloads'), value: (row) => row.downloads },
];

/**
 * The rows in the order shown, with the rules of every CSV of the app: UTF-8 with a byte-order
 * mark, every value quoted, comma, CRLF, formula starts neutralised.
 */
export const usageCsv = (rows: readonly UsageRow[], t: TFunction) =>
  csvDocument(usageCsvColumns(t), rows);
