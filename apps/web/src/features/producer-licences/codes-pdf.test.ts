import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFPage,
} from 'pdf-lib';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import type { CodeSheet } from './code-sheet.ts';
import { codesPdf, QR_XOBJECT_TAG } from './codes-pdf.ts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** n distinct codes in the grouped form, like the server's. */
function sheetOf(count: number, what = 'Alle Medien von FWU'): CodeSheet {
  const codes = Array.from({ length: count }, (_unused, index) => {
    const letters = Array.from(
      { length: 16 },
      (_none, position) => ALPHABET[(index * 7 + position * 3) % ALPHABET.length] ?? '2',
    ).join('');
    const code = letters.match(/.{4}/g)?.join('-') ?? letters;
    return {
      number: index + 1,
      code,
      link: `https://medien.example.invalid/redeem?code=${code}`,
    };
  });
  return {
    batchId: 4,
    producer: 'FWU Institut für Film und Bild',
    what,
    validUntil: '2027-03-31',
    rights: 'download',
    redeemAddress: 'https://medien.example.invalid/redeem',
    codes,
  };
}

function rawStream(document: PDFDocument, ref: PDFRef): PDFRawStream {
  const object = document.context.lookup(ref);
  if (!(object instanceof PDFRawStream)) {
    throw new Error('Not a stream');
  }
  return object;
}

const decode = (document: PDFDocument, ref: PDFRef) =>
  new TextDecoder('latin1').decode(decodePDFRawStream(rawStream(document, ref)).decode());

/** The QR form XObjects of a page, each as the rows of its dark modules ('1') and light ones. */
function qrMatrices(document: PDFDocument, page: PDFPage): string[] {
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xObjects?.entries() ?? [])
    .filter(([name]) => name.decodeText().startsWith(QR_XOBJECT_TAG))
    .map(([, ref]) => {
      if (!(ref instanceof PDFRef)) {
        throw new Error('A QR code is not an indirect object');
      }
      const stream = rawStream(document, ref);
      const size = Number(stream.dict.lookup(PDFName.of('BBox'), PDFArray).get(2).toString());
      const rows = Array.from({ length: size }, () => Array.from({ length: size }, () => '0'));
      for (const [, x, y, width] of decode(document, ref).matchAll(/(\d+) (\d+) (\d+) 1 re/g)) {
        for (let column = Number(x); column < Number(x) + Number(width); column += 1) {
          const row = rows[size - 1 - Number(y)];
          if (row) {
            row[column] = '1';
          }
        }
      }
      return rows.map((row) => row.join('')).join('\n');
    });
}

/** The same matrix as qrcode builds it for a text. */
function expectedMatrix(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_unused, row) =>
    Array.from({ length: modules.size }, (_none, column) =>
      modules.get(row, column) ? '1' : '0',
    ).join(''),
  ).join('\n');
}

/** The texts shown on a page (pdf-lib writes them as hex strings). */
function pageTexts(document: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [];
  return refs
    .filter((ref): ref is PDFRef => ref instanceof PDFRef)
    .map((ref) => decode(document, ref))
    .join('\n')
    .replace(/<([0-9A-Fa-f]*)>/g, (_match, hex: string) =>
      (hex.match(/../g) ?? []).map((byte) => String.fromCharCode(parseInt(byte, 16))).join(''),
    );
}

describe('codes PDF', () => {
  it('draws one QR code per code, eight cards on each A4 page, each encoding its redeem link', async () => {
    const sheet = sheetOf(10);
    const bytes = await codesPdf(sheet, i18next.t);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    const pages = document.getPages();
    expect(pages.map((page) => page.getSize())).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 595.28, height: 841.89 },
    ]);
    const matrices = pages.map((page) => qrMatrices(document, page));
    expect(matrices.map((page) => page.length)).toEqual([8, 2]);
    expect(matrices.flat().sort()).toEqual(
      sheet.codes.map((code) => expectedMatrix(code.link)).sort(),
    );
    expect(document.getTitle()).toBe('Zugangscodes – FWU Institut für Film und Bild');
  });

  it('prints each code in two halves with its number, what it grants and until when', async () => {
    const sheet = sheetOf(3, 'Mediathek „Biologie Sekundarstufe I“ – Ökologie und Ähnliches');
    const document = await PDFDocument.load(await codesPdf(sheet, i18next.t));
    const [page] = document.getPages();
    if (!page) {
      throw new Error('no page');
    }
    const text = pageTexts(document, page);
    for (const { code, number } of sheet.codes) {
      expect(text).toContain(code.slice(0, 9));
      expect(text).toContain(code.slice(10));
      expect(text).toContain(`Nr. ${String(number)}`);
    }
    // WinAnsi: umlauts print as they are; the grant is wrapped over two lines.
    expect(text).toContain('Gültig bis 31.03.2027');
    expect(text).toContain('Freigegeben: Mediathek');
    expect(text).toContain('Streamen und');
    expect(text).toContain('Einlösen unter https://medien.example.invalid/redeem');
  });
});
