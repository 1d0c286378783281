import { describe, expect, it } from 'vitest';
import { heldWithPassedOn, matchesText, producersOf } from './licence-desk.ts';
import { licence, passedOn } from './test-licences.ts';

describe('heldWithPassedOn', () => {
  it('groups the schools under the licence they got it from and leaves withdrawn ones out', () => {
    const pool = licence({
      id: 1,
      scope: {
        kind: 'pool',
        label: 'Alle Medien von Lernfilm',
        identifier: null,
        pool: 'lernfilm',
        producer: 'Lernfilm',
      },
    });
    const film = licence({ id: 2 });
    const revokedHeld = licence({ id: 3, revoked: true });
    const list = [
      pool,
      film,
      revokedHeld,
      passedOn(pool, 10, 'Gymnasium am Markt', '100455'),
      passedOn(pool, 11, 'Gesamtschule Am Stadtpark', '100234'),
      passedOn(film, 12, 'Grundschule Lindenweg', '100871', { revoked: true }),
    ];
    const held = heldWithPassedOn(list);
    expect(held.map((item) => item.licence.id)).toEqual([1, 2]);
    expect(held[0]?.passedOn.map((child) => child.licensee.name)).toEqual([
      'Gesamtschule Am Stadtpark',
      'Gymnasium am Markt',
    ]);
    expect(held[1]?.passedOn).toEqual([]);
    expect(producersOf(list)).toEqual(['Lernfilm', 'Naturfilm GmbH']);
  });
});

describe('matchesText', () => {
  it('finds every word in the title (without markup), producer, identifier or extra texts', () => {
    const item = licence({
      id: 7,
      scope: {
        kind: 'media',
        label: 'H<sub>2</sub>O im Wald',
        identifier: 'NF-77',
        pool: 'naturfilm',
        producer: 'Naturfilm GmbH',
      },
    });
    expect(matchesText(item, '')).toBe(true);
    expect(matchesText(item, 'h2o WALD')).toBe(true);
    expect(matchesText(item, 'naturfilm nf-77')).toBe(true);
    expect(matchesText(item, 'wald meer')).toBe(false);
    expect(matchesText(item, 'stadtpark')).toBe(false);
    expect(matchesText(item, 'stadtpark', ['Gesamtschule Am Stadtpark'])).toBe(true);
  });
});
