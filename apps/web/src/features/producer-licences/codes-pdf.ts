import {
  concatTransformationMatrix,
  drawObject,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { create } from 'qrcode';
import type { TFunction } from 'i18next';
import type { CodeSheet } from './code-sheet.ts';
import { formatDay, rightsText } from './licence-format.ts';

/**
 * The printable sheet of a code batch: A4 pages of eight cards (two columns, four rows, dashed
 * cutting lines), each with the QR code of its redeem link, the code in large monospaced type,
 * what it grants and until when. Generated in the browser; this module (with pdf-lib and
 * qrcode) loads only when a sheet is asked for.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const CARD_WIDTH = (A4[0] - 2 * MARGIN) / COLUMNS;
const CARD_HEIGHT = (A4[1] - 2 * MARGIN) / ROWS;
const PAD = 14;
const QR_SIZE = 96;
/** White space around the QR code: at least its quiet zone of four modules (about 10 pt). */
const QR_GAP = 14;
const QR_TOP = 34;
const GREY = rgb(0.35, 0.35, 0.35);
const CUT_LINE = rgb(0.6, 0.6, 0.6);
/** Name prefix of the QR codes' form XObjects in the page resources (one per code). */
export const QR_XOBJECT_TAG = 'QR';

interface Fonts {
  text: PDFFont;
  bold: PDFFont;
  code: PDFFont;
}

/** The text with every character the font cannot encode (WinAnsi) replaced by '?'. */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text, (character) =>
    supported.has(character.codePointAt(0) ?? 0) ? character : '?',
  ).join('');
}

/** Words wrapped to `width`, at most `maxLines`; a cut last line ends with '…'. */
export function wrapText(
  font: PDFFont,
  size: number,
  text: string,
  width: number,
  maxLines: number,
): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of encodable(font, text).split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (fits(next) || line === '') {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') {
    lines.push(line);
  }
  const kept = lines.slice(0, maxLines);
  const last = kept.length - 1;
  if (last >= 0 && (lines.length > maxLines || !fits(kept[last] ?? ''))) {
    let cut = kept[last] ?? '';
    while (cut !== '' && !fits(`${cut}…`)) {
      cut = cut.slice(0, -1);
    }
    kept[last] = `${cut.trimEnd()}…`;
  }
  return kept;
}

/**
 * The QR code of `text` as a form XObject in module units (one unit per module, the origin at
 * the bottom left): each row's runs of dark modules are rectangles of one path, filled once.
 */
function qrForm(document: PDFDocument, text: string): { ref: PDFRef; modules: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const operators: PDFOperator[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      let end = column;
      while (end < size && modules.get(row, end)) {
        end += 1;
      }
      operators.push(rectangle(column, size - 1 - row, end - column, 1));
      column = end;
    }
  }
  operators.push(fill());
  const form = document.context.formXObject(operators, {
    BBox: [0, 0, size, size],
    Matrix: [1, 0, 0, 1, 0, 0],
  });
  return { ref: document.context.register(form), modules: size };
}

function drawCard(
  document: PDFDocument,
  page: PDFPage,
  fonts: Fonts,
  sheet: CodeSheet,
  card: CodeSheet['codes'][number],
  slot: number,
  t: TFunction,
) {
  const left = MARGIN + (slot % COLUMNS) * CARD_WIDTH;
  const top = A4[1] - MARGIN - Math.floor(slot / COLUMNS) * CARD_HEIGHT;
  const inner = CARD_WIDTH - 2 * PAD;
  page.drawRectangle({
    x: left,
    y: top - CARD_HEIGHT,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    borderColor: CUT_LINE,
    borderWidth: 0.5,
    borderDashArray: [3, 3],
  });
  const text = (
    value: string,
    x: number,
    y: number,
    size: number,
    font = fonts.text,
    color = rgb(0, 0, 0),
  ) => {
    page.drawText(encodable(font, value), { x, y, size, font, color });
  };
  const [heading = ''] = wrapText(fonts.bold, 10, sheet.producer, inner, 1);
  text(heading, left + PAD, top - 22, 10, fonts.bold);

  const qr = qrForm(document, card.link);
  const name = page.node.newXObject(QR_XOBJECT_TAG, qr.ref);
  const scale = QR_SIZE / qr.modules;
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(scale, 0, 0, scale, left + PAD, top - QR_TOP - QR_SIZE),
    drawObject(name),
    popGraphicsState(),
  );

  const column = left + PAD + QR_SIZE + QR_GAP;
  const columnWidth = CARD_WIDTH - PAD - (column - left);
  text(t('licensing.codes.pdf.code'), column, top - 46, 9, fonts.text, GREY);
  const [first = '', ...rest] = card.code.split('-');
  const halves = [[first, rest[0]].filter(Boolean).join('-'), rest.slice(1).join('-')].filter(
    Boolean,
  );
  halves.forEach((half, index) => {
    text(half, column, top - 68 - index * 20, 16, fonts.code);
  });
  text(
    t('licensing.codes.pdf.number', { number: card.number }),
    column,
    top - 104,
    8,
    fonts.text,
    GREY,
  );
  wrapText(fonts.text, 8.5, rightsText(t, sheet.rights), columnWidth, 2).forEach((line, index) => {
    text(line, column, top - 120 - index * 10, 8.5);
  });

  const what = wrapText(
    fonts.text,
    9,
    t('licensing.codes.pdf.what', { what: sheet.what }),
    inner,
    2,
  );
  what.forEach((line, index) => {
    text(line, left + PAD, top - 150 - index * 11, 9);
  });
  const validity =
    sheet.validUntil === null
      ? t('licensing.codes.pdf.validOpen')
      : t('licensing.codes.pdf.validUntil', { date: formatDay(sheet.validUntil) });
  text(validity, left + PAD, top - 174, 9, fonts.bold);
  const [hint = ''] = wrapText(
    fonts.text,
    7.5,
    t('licensing.codes.pdf.redeem', { address: sheet.redeemAddress }),
    inner,
    1,
  );
  text(hint, left + PAD, top - 187, 7.5, fonts.text, GREY);
}

/** The PDF of a sheet: one card per code, eight to an A4 page. */
export async function codesPdf(sheet: CodeSheet, t: TFunction): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(t('licensing.codes.pdf.title', { producer: sheet.producer }));
  document.setLanguage('de-DE');
  document.setCreator(t('app.title'));
  const fonts: Fonts = {
    text: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    code: await document.embedFont(StandardFonts.CourierBold),
  };
  let page: PDFPage | undefined;
  sheet.codes.forEach((card, index) => {
    const slot = index % CARDS_PER_PAGE;
    if (slot === 0 || page === undefined) {
      page = document.addPage(A4);
    }
    drawCard(document, page, fonts, sheet, card, slot, t);
  });
  return document.save();
}
