import type { CreatedCodeBatch } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { codeSheet, codesCsv, sheetFileName } from './code-sheet.ts';
import { batch } from './test-data.ts';

const created = (overrides: Partial<CreatedCodeBatch> = {}): CreatedCodeBatch => ({
  ...batch({ id: 12 }),
  plain_codes: ['K7QM-3XHD-9TWR-P2EZ', 'FWXD-EM2Q-6KXB-TZ7A'],
  ...overrides,
});

describe('code sheet', () => {
  it('numbers the plain codes in order and links each to /redeem with the code', () => {
    const sheet = codeSheet(created(), 'https://medien.example.invalid');
    expect(sheet.codes).toEqual([
      {
        number: 1,
        code: 'K7QM-3XHD-9TWR-P2EZ',
        link: 'https://medien.example.invalid/redeem?code=K7QM-3XHD-9TWR-P2EZ',
      },
      {
        number: 2,
        code: 'FWXD-EM2Q-6KXB-TZ7A',
        link: 'https://medien.example.invalid/redeem?code=FWXD-EM2Q-6KXB-TZ7A',
      },
    ]);
    expect(sheet.redeemAddress).toBe('https://medien.example.invalid/redeem');
  });

  it('writes the CSV with BOM, header, one quoted row per code and CRLF', () => {
    const sheet = codeSheet(created(), 'https://medien.example.invalid');
    const text = codesCsv(sheet, i18next.t);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      '"Nr.","Code","Link","Freigegeben","Gültig bis"',
      '"1","K7QM-3XHD-9TWR-P2EZ","https://medien.example.invalid/redeem?code=K7QM-3XHD-9TWR-P2EZ","Alle Medien von FWU","31.03.2027"',
      '"2","FWXD-EM2Q-6KXB-TZ7A","https://medien.example.invalid/redeem?code=FWXD-EM2Q-6KXB-TZ7A","Alle Medien von FWU","31.03.2027"',
      '',
    ]);
  });

  it('writes titles without markup, neutralises formulas and says unbefristet without an end', () => {
    const sheet = codeSheet(
      created({
        valid_until: null,
        plain_codes: ['K7QM-3XHD-9TWR-P2EZ'],
        scope: {
          kind: 'media',
          label: '=HYPERLINK("x") und <i>"Herz"</i>',
          identifier: 'FWU-103',
          pool: 'fwu',
          producer: 'FWU',
        },
      }),
      'http://localhost:8080',
    );
    expect(codesCsv(sheet, i18next.t).slice(1).split('\r\n')[1]).toBe(
      `"1","K7QM-3XHD-9TWR-P2EZ","http://localhost:8080/redeem?code=K7QM-3XHD-9TWR-P2EZ","'=HYPERLINK(""x"") und ""Herz""","unbefristet"`,
    );
  });

  it('names the files after the batch and the day in German time', () => {
    const sheet = codeSheet(created(), 'http://localhost');
    // 23:30 UTC on 30 November is already 1 December in Berlin.
    const late = new Date('2026-11-30T23:30:00Z');
    expect(sheetFileName(sheet, 'csv', late)).toBe('codes-12-2026-12-01.csv');
    expect(sheetFileName(sheet, 'pdf', late)).toBe('codes-12-2026-12-01.pdf');
  });
});
