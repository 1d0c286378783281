/**
 * A small PDF 1.4 writer for the demo worksheets: A4 pages with a coloured header band, a
 * title, paragraphs and numbered tasks with lines to write on, in the standard Helvetica fonts
 * (every PDF reader has them, so nothing is embedded) with WinAnsiEncoding for umlauts.
 */
export interface PdfPage {
  /** #rrggbb of the header band. */
  colour: string;
  /** Small text in the band ('Arbeitsblatt', 'Lexikon'). */
  label: string;
  title: string;
  paragraphs: readonly string[];
  /** Numbered tasks, each followed by lines to write on. */
  tasks?: readonly string[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** Characters of WinAnsiEncoding beyond Latin-1, by their code there. */
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string literal's bytes in WinAnsiEncoding: '(', ')' and '\' escaped, others '?'. */
function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    const mapped =
      WIN_ANSI_EXTRA[character] ?? (code >= 0x20 && code <= 0xff && code !== 0x7f ? code : 0x3f);
    if (mapped === 0x28 || mapped === 0x29 || mapped === 0x5c) {
      bytes.push(0x5c);
    }
    bytes.push(mapped);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

/** Lines of at most `width` points at `fontSize` (Helvetica averages about half an em). */
function wrap(text: string, width: number, fontSize: number): string[] {
  const perLine = Math.floor(width / (fontSize * 0.5));
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= perLine) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

const rgb = (colour: string) => {
  const value = Number.parseInt(colour.slice(1), 16);
  return [16, 8, 0].map((shift) => (((value >> shift) & 0xff) / 255).toFixed(3)).join(' ');
};

/** The content stream of one page. */
function pageContent(page: PdfPage): Buffer {
  const parts: Buffer[] = [];
  const raw = (text: string) => parts.push(Buffer.from(text, 'latin1'));
  const text = (font: 'F1' | 'F2', size: number, x: number, y: number, value: string) => {
    raw(`BT /${font} ${String(size)} Tf ${String(x)} ${String(y)} Td `);
    parts.push(pdfString(value));
    raw(' Tj ET\n');
  };
  raw(`${rgb(page.colour)} rg 0 ${String(PAGE_HEIGHT - 96)} ${String(PAGE_WIDTH)} 96 re f\n`);
  raw('1 1 1 rg\n');
  text('F2', 12, MARGIN, PAGE_HEIGHT - 40, page.label.toUpperCase());
  const titleLines = wrap(page.title, PAGE_WIDTH - 2 * MARGIN, 20).slice(0, 2);
  titleLines.forEach((line, index) => {
    text('F2', 20, MARGIN, PAGE_HEIGHT - 66 - index * 22, line);
  });
  raw('0.1 0.1 0.1 rg\n');
  let y = PAGE_HEIGHT - 140;
  for (const paragraph of page.paragraphs) {
    for (const line of wrap(paragraph, PAGE_WIDTH - 2 * MARGIN, 11)) {
      text('F1', 11, MARGIN, y, line);
      y -= 15;
    }
    y -= 10;
  }
  (page.tasks ?? []).forEach((task, index) => {
    y -= 8;
    for (const [lineIndex, line] of wrap(task, PAGE_WIDTH - 2 * MARGIN - 24, 11).entries()) {
      if (lineIndex === 0) {
        text('F2', 11, MARGIN, y, `${String(index + 1)}.`);
      }
      text('F1', 11, MARGIN + 24, y, line);
      y -= 15;
    }
    raw('0.7 0.7 0.7 RG 0.5 w\n');
    for (let writing = 0; writing < 3; writing += 1) {
      y -= 24;
      raw(
        `${String(MARGIN + 24)} ${String(y)} m ${String(PAGE_WIDTH - MARGIN)} ${String(y)} l S\n`,
      );
    }
    y -= 14;
  });
  raw('0.45 0.45 0.45 rg\n');
  text('F1', 8, MARGIN, 30, 'Demo-Material des Medienkatalogs – frei erfundener Beispielinhalt');
  return Buffer.concat(parts);
}

/** The bytes of a PDF with these pages. */
export function pdfDocument(pages: readonly PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const fontIds = { F1: 3, F2: 4 };
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(
    Buffer.from(
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${String(id)} 0 R`).join(' ')}] /Count ${String(pages.length)} >>`,
    ),
  );
  objects.push(
    Buffer.from(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ),
  );
  objects.push(
    Buffer.from(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    ),
  );
  pages.forEach((page, index) => {
    const contentId = (pageIds[index] ?? 0) + 1;
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${String(PAGE_WIDTH)} ${String(PAGE_HEIGHT)}] ` +
          `/Resources << /Font << /F1 ${String(fontIds.F1)} 0 R /F2 ${String(fontIds.F2)} 0 R >> >> ` +
          `/Contents ${String(contentId)} 0 R >>`,
      ),
    );
    const content = pageContent(page);
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${String(content.length)} >>\nstream\n`),
        content,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${String(index + 1)} 0 obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref =
    `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n` +
    offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(offset)}\n%%EOF\n`;
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}
