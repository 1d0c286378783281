import { describe, expect, it } from 'vitest';
import { checkWebVtt, WEBVTT_PROBLEMS } from './webvtt.ts';

const valid = [
  '\uFEFFWEBVTT - Untertitel',
  'Kind: captions',
  '',
  'NOTE Eine Anmerkung',
  'über zwei Zeilen',
  '',
  'STYLE',
  '::cue { color: yellow }',
  '',
  '1',
  '00:00.000 --> 00:02.500 align:start position:10% line:0',
  'Die Photosynthese',
  '',
  '01:00:02.500 --> 01:00:04.000',
  '<v Sprecherin>Licht, Wasser und Kohlendioxid</v>',
  'werden zu Zucker.',
  '',
].join('\r\n');

describe('WebVTT check', () => {
  it('accepts captions with header, notes, styles, identifiers, settings and hours', () => {
    const result = checkWebVtt(valid);
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 2.5, text: 'Die Photosynthese' },
        {
          start: 3602.5,
          end: 3604,
          text: '<v Sprecherin>Licht, Wasser und Kohlendioxid</v>\nwerden zu Zucker.',
        },
      ],
    });
  });

  it('names the line of each kind of fault', () => {
    const cases: [string, number, string][] = [
      ['WEBVT\n\n00:00.000 --> 00:01.000\nx', 1, WEBVTT_PROBLEMS.signature],
      ['WEBVTTx\n', 1, WEBVTT_PROBLEMS.signature],
      ['WEBVTT\n00:00.000 --> 00:01.000\nx', 2, WEBVTT_PROBLEMS.headerArrow],
      ['WEBVTT\n\n00:00.000 --> 00:61.000\nx', 3, WEBVTT_PROBLEMS.timestamp('00:61.000')],
      ['WEBVTT\n\n00:00,000 --> 00:01.000\nx', 3, WEBVTT_PROBLEMS.timestamp('00:00,000')],
      ['WEBVTT\n\n00:00.000 -> 00:01.000\nx', 3, WEBVTT_PROBLEMS.timing],
      ['WEBVTT\n\nkennung\n\n', 3, WEBVTT_PROBLEMS.timing],
      ['WEBVTT\n\n00:02.000 --> 00:01.000\nx', 3, WEBVTT_PROBLEMS.endBeforeStart],
      [
        'WEBVTT\n\n00:05.000 --> 00:06.000\nx\n\n00:01.000 --> 00:02.000\ny',
        6,
        WEBVTT_PROBLEMS.outOfOrder,
      ],
      ['WEBVTT\n\n00:00.000 --> 00:01.000 farbe:rot\nx', 3, WEBVTT_PROBLEMS.setting('farbe:rot')],
      [
        'WEBVTT\n\n00:00.000 --> 00:01.000\nx\n00:01.000 --> 00:02.000\ny',
        5,
        WEBVTT_PROBLEMS.payloadArrow,
      ],
      ['WEBVTT\n\nNOTE nur eine Notiz\n', 4, WEBVTT_PROBLEMS.empty],
    ];
    for (const [text, line, problem] of cases) {
      expect(checkWebVtt(text), text).toEqual({ ok: false, line, problem });
    }
  });

  it('asks chapters for a title', () => {
    const chapters = 'WEBVTT\n\n00:00.000 --> 00:10.000\nEinleitung\n\n00:10.000 --> 00:20.000\n\n';
    expect(checkWebVtt(chapters, { chapters: true })).toEqual({
      ok: false,
      line: 6,
      problem: WEBVTT_PROBLEMS.chapterTitle,
    });
    expect(checkWebVtt(chapters).ok).toBe(true);
  });
});
