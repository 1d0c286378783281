import { mediaTypeName } from '../lookups/media-types.ts';

/** The card's metadata line: type, year, language; apps (58) show only their type. */
export function metadataLine(medium: {
  fn_typ: string;
  fn_prodjahr: string;
  fn_sprache: string;
}): string {
  const type = medium.fn_typ.trim() === '' ? '' : mediaTypeName(medium.fn_typ.trim());
  const details = medium.fn_typ === '58' ? [] : [medium.fn_prodjahr, medium.fn_sprache];
  const parts = [type, ...details].map((part) => part.trim()).filter((part) => part !== '');
  const [first, second, third] = parts;
  if (third !== undefined) {
    return `${first ?? ''} • ${second ?? ''}, ${third}`;
  }
  return parts.join(', ');
}
