import { createHash } from 'node:crypto';
import {
  mediaTypeName,
  subjectAreaColour,
  subjectAreaIcon,
  subjectAreaName,
} from '@medienkatalog/domain';
import { SUBJECT_ICON_SVG } from './subject-icon-svg.ts';

/** What a designed cover shows. */
export interface CoverSubject {
  identifier: string;
  title: string;
  /** fn_typ */
  type: string;
  /** The first subject area code of fn_geb ('08004'). */
  subject: string;
}

/** The size the designs are drawn at (16:9, the cards' shape); the cover service scales them. */
export const DESIGN_WIDTH = 1280;
export const DESIGN_HEIGHT = 720;

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ??
      character,
  );

/** Approximate advance of a character of DejaVu Sans Bold in em (for wrapping, not layout). */
function characterWidth(character: string): number {
  if (/[il.,:;'!|ftjrI ()\-–]/.test(character)) {
    return 0.38;
  }
  if (/[mwMWÄÖÜ]/.test(character)) {
    return 0.95;
  }
  return /[A-ZÄÖÜ]/.test(character) ? 0.74 : 0.64;
}

const textWidth = (text: string, fontSize: number) =>
  Array.from(text).reduce((sum, character) => sum + characterWidth(character), 0) * fontSize;

/**
 * The title broken into at most `maxLines` lines no wider than `width` at the largest font
 * size from `sizes` that fits; the last line ends with '…' when even the smallest does not.
 */
export function wrapTitle(
  title: string,
  width: number,
  sizes: readonly number[],
  maxLines: number,
): { lines: string[]; fontSize: number } {
  const words = title.split(/\s+/).filter(Boolean);
  for (const [position, fontSize] of sizes.entries()) {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && textWidth(`${last} ${word}`, fontSize) <= width) {
        lines[lines.length - 1] = `${last} ${word}`;
      } else {
        lines.push(word);
      }
    }
    const fits =
      lines.length <= maxLines && lines.every((line) => textWidth(line, fontSize) <= width);
    if (fits) {
      return { lines, fontSize };
    }
    if (position === sizes.length - 1) {
      const kept = lines.slice(0, maxLines);
      let last = kept.at(-1) ?? '';
      while (last.length > 1 && textWidth(`${last}…`, fontSize) > width) {
        last = last.slice(0, -1).trimEnd();
      }
      kept[kept.length - 1] = `${last}…`;
      return { lines: kept, fontSize };
    }
  }
  return { lines: [title], fontSize: sizes[0] ?? 48 };
}

/** A stable number from a text, for the variations of a design. */
function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Mixes a #rrggbb colour with black by `amount` (0 to 1). */
function darken(colour: string, amount: number): string {
  const value = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 0xff) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/**
 * The background pattern of a type (so the five media of one topic, side by side in a search,
 * differ at a glance), placed by the medium's own seed (so two media of one type differ too).
 */
function pattern(type: string, seed: number): string {
  const shift = (seed % 9) * 40;
  const turn = (seed >> 4) % 360;
  const white = (opacity: number) => `fill="#fff" fill-opacity="${String(opacity)}"`;
  switch (type) {
    case '49':
    case '46':
    case 'UC_CLIP': {
      // Film strip holes along the top and bottom edges.
      const holes = Array.from({ length: 20 }, (_, index) => {
        const x = 12 + index * 66 + (shift % 66);
        return `<rect x="${String(x)}" y="14" width="34" height="22" rx="4" ${white(0.18)}/><rect x="${String(x)}" y="684" width="34" height="22" rx="4" ${white(0.18)}/>`;
      });
      return holes.join('');
    }
    case '29': {
      // Sound waves: bars of varying height.
      return Array.from({ length: 40 }, (_, index) => {
        const height = 40 + Math.abs(Math.sin((index + shift) * 0.7)) * 220;
        return `<rect x="${String(20 + index * 32)}" y="${(360 - height / 2).toFixed(0)}" width="14" height="${height.toFixed(0)}" rx="7" ${white(0.1)}/>`;
      }).join('');
    }
    case '79':
    case 'LEX': {
      // Ruled lines as on paper.
      return Array.from(
        { length: 14 },
        (_, index) =>
          `<rect x="0" y="${String(40 + index * 50 + (shift % 50))}" width="1280" height="3" ${white(0.12)}/>`,
      ).join('');
    }
    case '19': {
      // Overlapping picture frames.
      return [0, 1, 2]
        .map(
          (index) =>
            `<rect x="${String(620 + index * 90)}" y="${String(120 + index * 50)}" width="420" height="300" rx="18" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="14" transform="rotate(${String(((turn + index * 25) % 40) - 20)} 900 360)"/>`,
        )
        .join('');
    }
    case '55':
    case '50':
    case 'MP': {
      // Stacked boxes of a package.
      return Array.from({ length: 6 }, (_, index) => {
        const x = 700 + (index % 3) * 170 + (shift % 40);
        const y = 120 + Math.floor(index / 3) * 170;
        return `<rect x="${String(x)}" y="${String(y)}" width="150" height="150" rx="20" ${white(0.1 + (index % 3) * 0.03)}/>`;
      }).join('');
    }
    default: {
      // Apps, software and interactive pages: a dotted grid.
      return Array.from({ length: 8 * 14 }, (_, index) => {
        const x = 60 + (index % 14) * 92 + (shift % 46);
        const y = 60 + Math.floor(index / 14) * 86;
        return `<circle cx="${String(x)}" cy="${String(y)}" r="${String(6 + ((index + seed) % 4) * 3)}" ${white(0.12)}/>`;
      }).join('');
    }
  }
}

/** How much darker than the subject colour each type's background is. */
const TYPE_SHADES: Readonly<Record<string, number>> = {
  '49': 0.35,
  '46': 0.45,
  UC_CLIP: 0.25,
  '55': 0.1,
  '79': 0,
  LEX: 0.2,
  '29': 0.3,
  '19': 0.15,
  UC_H5P: 0.05,
  '58': 0.25,
  '69': 0.4,
};

/**
 * The designed cover of a medium as SVG (1280 x 720): the subject area's colour, darkened by
 * type, a pattern of the type, the subject's icon in a circle, the type as a label, the subject
 * area's name and the title. `extra` is drawn on top (a video's moving mark).
 */
export function coverSvg(subject: CoverSubject, extra = ''): string {
  const seed = seedOf(subject.identifier);
  const base = subjectAreaColour(subject.subject);
  const background = darken(base, TYPE_SHADES[subject.type] ?? 0.2);
  const iconName = subjectAreaIcon(subject.subject);
  const icon = SUBJECT_ICON_SVG[iconName] ?? SUBJECT_ICON_SVG.Folder ?? '';
  const typeName = mediaTypeName(subject.type);
  const area = subject.subject ? subjectAreaName(subject.subject) : 'Sachgebietsübergreifend';
  const { lines, fontSize } = wrapTitle(subject.title, 1060, [78, 66, 56, 48], 3);
  const lineHeight = Math.round(fontSize * 1.18);
  const titleTop = 650 - lineHeight * (lines.length - 1);
  const title = lines
    .map(
      (line, index) =>
        `<text x="80" y="${String(titleTop + index * lineHeight)}" font-size="${String(fontSize)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const labelWidth = Math.round(textWidth(typeName, 34) + 56);
  const iconX = 1280 - 80 - 260;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(DESIGN_WIDTH)}" height="${String(DESIGN_HEIGHT)}" viewBox="0 0 1280 720">
<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>
<rect width="1280" height="720" fill="${background}"/>
${pattern(subject.type, seed)}
<rect width="1280" height="720" fill="url(#shade)"/>
<circle cx="${String(iconX + 130)}" cy="230" r="150" fill="#fff" fill-opacity="0.16"/>
<g transform="translate(${String(iconX + 30)} 130) scale(8.33)" fill="#fff">${icon}</g>
<rect x="80" y="70" width="${String(labelWidth)}" height="62" rx="31" fill="#fff"/>
<text x="${String(80 + labelWidth / 2)}" y="113" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="34" fill="${background}">${escapeXml(typeName)}</text>
<text x="80" y="${String(titleTop - lineHeight - 6)}" font-family="${FONT}" font-size="34" fill="#fff" fill-opacity="0.85">${escapeXml(area)}</text>
<g font-family="${FONT}" font-weight="bold" fill="#fff">${title}</g>
${extra}
</svg>`;
}
