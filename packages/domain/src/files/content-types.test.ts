import { describe, expect, it } from 'vitest';
import { contentTypeOf, playerKindOf } from './content-types.ts';

describe('content types', () => {
  it('names the type by extension, in any case, and octet-stream otherwise', () => {
    expect(contentTypeOf('Film.MP4')).toBe('video/mp4');
    expect(contentTypeOf('kapitel/index.html')).toBe('text/html');
    expect(contentTypeOf('notizen.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('archiv.tar.unbekannt')).toBe('application/octet-stream');
    expect(contentTypeOf('.mp4')).toBe('application/octet-stream');
    expect(contentTypeOf('ohne-endung')).toBe('application/octet-stream');
  });

  it('chooses the player of the embeddable page', () => {
    expect(playerKindOf('a.webm')).toBe('video');
    expect(playerKindOf('a.mp3')).toBe('audio');
    expect(playerKindOf('a.png')).toBe('image');
    expect(playerKindOf('a.pdf')).toBe('page');
    expect(playerKindOf('index.html')).toBe('page');
  });
});
