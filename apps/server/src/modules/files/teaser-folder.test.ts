import { describe, expect, it } from 'vitest';
import { changesTeaserFolder, isHiddenMember } from './teaser-folder.ts';

describe("the teaser's folder", () => {
  it('takes what the teaser editor does', () => {
    expect(changesTeaserFolder('MKCOL', 'thumbs', 'thumbs')).toBe(false);
    expect(changesTeaserFolder('PUT', 'thumbs/main.webp', 'thumbs/main.webp')).toBe(false);
    expect(changesTeaserFolder('DELETE', 'thumbs/main.jpg', 'thumbs/main.jpg')).toBe(false);
    expect(changesTeaserFolder('PROPFIND', 'thumbs', 'thumbs')).toBe(false);
    expect(changesTeaserFolder('COPY', 'thumbs/main.png', 'Bild.png')).toBe(false);
  });

  it('refuses renaming, moving, deleting and filling it', () => {
    expect(changesTeaserFolder('DELETE', 'thumbs', 'thumbs')).toBe(true);
    expect(changesTeaserFolder('MOVE', 'thumbs', 'Bilder')).toBe(true);
    expect(changesTeaserFolder('MOVE', 'a.pdf', 'thumbs/a.pdf')).toBe(true);
    expect(changesTeaserFolder('COPY', 'a.pdf', 'thumbs')).toBe(true);
    expect(changesTeaserFolder('PUT', 'thumbs/a.pdf', 'thumbs/a.pdf')).toBe(true);
    expect(changesTeaserFolder('MKCOL', 'thumbs/neu', 'thumbs/neu')).toBe(true);
    // A folder of that name deeper down is an ordinary folder.
    expect(changesTeaserFolder('DELETE', 'Bilder/thumbs', 'Bilder/thumbs')).toBe(false);
  });

  it('is left out of the listing of the medium’s root only', () => {
    expect(isHiddenMember('/thumbs')).toBe(true);
    expect(isHiddenMember('thumbs/')).toBe(true);
    expect(isHiddenMember('/Bilder/thumbs')).toBe(false);
  });
});
