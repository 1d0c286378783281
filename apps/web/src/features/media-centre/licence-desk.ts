import type { Licence } from '@medienkatalog/domain';
import { plainTitle } from '../../lib/sanitize.ts';

/** A licence the media centre holds, with the licences it passed on from it to schools. */
export interface HeldLicence {
  licence: Licence;
  passedOn: Licence[];
}

const bySchoolName = (a: Licence, b: Licence) =>
  a.licensee.name.localeCompare(b.licensee.name, 'de');

/**
 * The held licences (parent_id null) in the order given, each with the schools it was passed
 * on to (by name). Withdrawn licences grant nothing and are left out.
 */
export function heldWithPassedOn(licences: readonly Licence[]): HeldLicence[] {
  const live = licences.filter((licence) => !licence.revoked);
  const children = new Map<number, Licence[]>();
  for (const licence of live) {
    if (licence.parent_id !== null) {
      children.set(licence.parent_id, [...(children.get(licence.parent_id) ?? []), licence]);
    }
  }
  return live
    .filter((licence) => licence.parent_id === null)
    .map((licence) => ({
      licence,
      passedOn: (children.get(licence.id) ?? []).sort(bySchoolName),
    }));
}

/** The producers of the licences, sorted, each once. */
export function producersOf(licences: readonly Licence[]): string[] {
  return [...new Set(licences.map((licence) => licence.scope.producer))].sort((a, b) =>
    a.localeCompare(b, 'de'),
  );
}

/**
 * Whether every word of `text` occurs (any case) in what the licence covers, its producer, the
 * identifier, its holder or one of `more` (e.g. the schools it was passed on to).
 */
export function matchesText(licence: Licence, text: string, more: readonly string[] = []): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return true;
  }
  const haystack = [
    plainTitle(licence.scope.label),
    licence.scope.producer,
    licence.scope.identifier ?? '',
    licence.licensee.name,
    licence.licensee.school_number ?? '',
    ...more,
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
