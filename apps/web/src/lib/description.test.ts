import { describe, expect, it } from 'vitest';
import { descriptionParts } from './description.ts';

describe('descriptionParts', () => {
  it('says the short text once when the long text begins with it', () => {
    expect(
      descriptionParts({
        fn_kurztext: 'Luthers Thesen und die Spaltung der Kirche.',
        fn_text: 'Das Medienpaket zum Thema.',
        fn_langtext:
          'Luthers Thesen und die Spaltung der Kirche. Das Paket eignet sich\nfür den Unterricht.',
      }),
    ).toEqual([
      { kind: 'lead', text: 'Luthers Thesen und die Spaltung der Kirche.' },
      { kind: 'text', text: 'Das Medienpaket zum Thema.' },
      { kind: 'long', text: 'Das Paket eignet sich\nfür den Unterricht.' },
    ]);
  });

  it('leaves out a text that repeats one before it, and empty ones', () => {
    expect(descriptionParts({ fn_kurztext: 'Kurz.', fn_text: 'Kurz.', fn_langtext: '' })).toEqual([
      { kind: 'lead', text: 'Kurz.' },
    ]);
    expect(
      descriptionParts({ fn_kurztext: '', fn_text: 'Ein Text.', fn_langtext: 'Ein  Text.' }),
    ).toEqual([{ kind: 'text', text: 'Ein Text.' }]);
  });
});
