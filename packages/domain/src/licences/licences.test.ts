import { describe, expect, it } from 'vitest';
import { codeOfInput, formatCode } from './licences.ts';

describe('codeOfInput', () => {
  it('takes typed codes in any case, with spaces or dashes', () => {
    expect(codeOfInput('k7qm 3xhd-9twr p2ez')).toBe('K7QM3XHD9TWRP2EZ');
    expect(codeOfInput(' K7QM-3XHD-9TWR-P2EZ ')).toBe('K7QM3XHD9TWRP2EZ');
  });

  it('takes the code out of a QR link', () => {
    expect(codeOfInput('https://medien.example/redeem?code=K7QM-3XHD-9TWR-P2EZ')).toBe(
      'K7QM3XHD9TWRP2EZ',
    );
    expect(codeOfInput('/redeem?r=%2F&code=k7qm%203xhd-9twr-p2ez#x')).toBe('K7QM3XHD9TWRP2EZ');
  });

  it('keeps a link with a broken escape as it is instead of failing', () => {
    expect(codeOfInput('/redeem?code=%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('formatCode', () => {
  it('groups a stored code in fours', () => {
    expect(formatCode('K7QM3XHD9TWRP2EZ')).toBe('K7QM-3XHD-9TWR-P2EZ');
  });
});
