import { describe, expect, it } from 'vitest';
import { typedCompletion } from './catalogue.service.ts';
import type { WordExpansion, WordExpansions } from './search-text.ts';

const expansion = (completions: string[], known?: boolean): WordExpansion => ({
  compounds: [],
  parts: [],
  completions,
  ...(known !== undefined && { known }),
});

describe('typedCompletion', () => {
  it('completes the word still being typed to its most frequent completion', () => {
    const expansions: WordExpansions = new Map([['bot', expansion(['botan', 'botschaft'])]]);
    expect(typedCompletion('Photosynthese Bot', expansions)).toEqual({
      typed: 'bot',
      stem: 'botan',
    });
  });

  it('leaves a finished word, a whole word and a known word alone', () => {
    const expansions: WordExpansions = new Map([
      ['bot', expansion(['botan'])],
      ['tee', expansion(['teekann', 'tee'])],
      ['kreise', expansion(['kreiseln'], true)],
    ]);
    expect(typedCompletion('Bot ', expansions)).toBeUndefined();
    expect(typedCompletion('Tee', expansions)).toBeUndefined();
    expect(typedCompletion('Torlogen Kreise', expansions)).toBeUndefined();
  });

  it('needs completions: without them the similarity search corrects the word', () => {
    expect(typedCompletion('Fotosynthse', new Map())).toBeUndefined();
    expect(typedCompletion('Fotosynthse', undefined)).toBeUndefined();
    expect(
      typedCompletion('Fotosynthse', new Map([['fotosynthse', expansion([])]])),
    ).toBeUndefined();
  });
});
