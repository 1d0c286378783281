import { csvDocument, type CreatedCodeBatch, type LicenceRights } from '@medienkatalog/domain';
import type { TFunction } from 'i18next';
import { paths } from '../../lib/paths.ts';
import { plainTitle } from '../../lib/sanitize.ts';
import { berlinToday, formatDay } from './licence-format.ts';

/** A new batch's codes with what they grant: the content of its CSV and of its printed cards. */
export interface CodeSheet {
  batchId: number;
  /** The producer's name ('FWU Institut für Film und Bild'). */
  producer: string;
  /** What a code grants, readable ('Alle Medien von FWU', a title, 'Mediathek „…“'). */
  what: string;
  validUntil: string | null;
  rights: LicenceRights;
  /** Where codes are typed in ('https://…/redeem'), printed under the QR codes. */
  redeemAddress: string;
  codes: { number: number; code: string; link: string }[];
}

/** The address a code's QR code opens: the app's /redeem with the code filled in. */
export const redeemLink = (origin: string, code: string) =>
  `${origin}${paths.redeem}?code=${encodeURIComponent(code)}`;

/** The sheet of a batch just made (plain_codes are in the order of the codes' numbers). */
export function codeSheet(batch: CreatedCodeBatch, origin: string): CodeSheet {
  return {
    batchId: batch.id,
    producer: batch.scope.producer,
    what: plainTitle(batch.scope.label),
    validUntil: batch.valid_until,
    rights: batch.rights,
    redeemAddress: `${origin}${paths.redeem}`,
    codes: batch.plain_codes.map((code, index) => ({
      number: index + 1,
      code,
      link: redeemLink(origin, code),
    })),
  };
}

/**
 * The CSV of a sheet: number, code, link, what and valid until; UTF-8 with a byte-order mark and
 * the rules of every CSV export here (quoted values, CRLF, formulas neutralised).
 */
export function codesCsv(sheet: CodeSheet, t: TFunction): string {
  const until =
    sheet.validUntil === null ? t('licensing.validity.open') : formatDay(sheet.validUntil);
  return csvDocument(
    [
      { header: t('licensing.codes.csv.number'), value: (row) => row.number },
      { header: t('licensing.codes.csv.code'), value: (row) => row.code },
      { header: t('licensing.codes.csv.link'), value: (row) => row.link },
      { header: t('licensing.codes.csv.what'), value: () => sheet.what },
      { header: t('licensing.codes.csv.validUntil'), value: () => until },
    ],
    sheet.codes,
  );
}

/** 'codes-12-2026-11-23.csv' / '.pdf': the batch and the day of the download. */
export const sheetFileName = (sheet: CodeSheet, extension: 'csv' | 'pdf', now = new Date()) =>
  `codes-${String(sheet.batchId)}-${berlinToday(now)}.${extension}`;
