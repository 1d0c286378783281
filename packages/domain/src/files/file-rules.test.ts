import { describe, expect, it } from 'vitest';
import {
  fileExtension,
  formatFileSize,
  isFileNameTooLong,
  isValidFileName,
  isViewableInBrowser,
  MAX_FILE_NAME_BYTES,
} from './file-rules.ts';

describe('file rules', () => {
  it('refuses empty names, dot names and every one of < > : " / \\ | ? *', () => {
    expect(isValidFileName('Arbeitsblatt 1.pdf')).toBe(true);
    expect(isValidFileName('Übung_ä.mp4')).toBe(true);
    for (const name of [
      '',
      '  ',
      '.',
      '..',
      'a<b',
      'a>b',
      'a:b',
      'a"b',
      'a/b',
      'a\\b',
      'a|b',
      'a?b',
      'a*b',
      'a\u0001b',
    ]) {
      expect(isValidFileName(name), name).toBe(false);
    }
  });

  it('refuses names longer than 243 bytes in UTF-8 (255 of the file system less the metadata suffix)', () => {
    expect(MAX_FILE_NAME_BYTES).toBe(243);
    expect(isValidFileName('a'.repeat(243))).toBe(true);
    expect(isValidFileName('a'.repeat(244))).toBe(false);
    // 'ä' is two bytes: 121 of them and one 'a' fit, 122 do not.
    expect(isValidFileName(`${'ä'.repeat(121)}a`)).toBe(true);
    expect(isFileNameTooLong('ä'.repeat(122))).toBe(true);
    expect(isValidFileName('ä'.repeat(122))).toBe(false);
    expect(isFileNameTooLong('😀'.repeat(61))).toBe(true);
  });

  it('formats sizes at 1024 per step with two decimals, a dash without a size', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.00 TB');
    expect(formatFileSize(undefined)).toBe('-');
    expect(formatFileSize(null)).toBe('-');
  });

  it('knows the extensions a browser shows', () => {
    expect(fileExtension('film.MP4')).toBe('mp4');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('README')).toBe('');
    expect(isViewableInBrowser('index.html')).toBe(true);
    expect(isViewableInBrowser('paket.zip')).toBe(false);
  });
});
