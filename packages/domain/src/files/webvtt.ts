/**
 * A WebVTT checker (W3C WebVTT, the parts captions and chapters use): the signature line,
 * header, NOTE, STYLE and REGION blocks, cues with an optional identifier, timings
 * ([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt) and cue settings, the payload. It refuses what browsers
 * would silently drop, naming the first bad line, so a producer learns of a broken caption
 * file at upload instead of seeing no captions later. Shared by the server (which refuses) and
 * the web app (which can check before uploading).
 */

export interface WebVttCue {
  start: number;
  end: number;
  text: string;
}

export type WebVttResult =
  { ok: true; cues: WebVttCue[] } | { ok: false; line: number; problem: string };

/** What is wrong, in German (MESSAGES.captions.invalid puts the line number before it). */
export const WEBVTT_PROBLEMS = {
  signature: 'Die erste Zeile muss „WEBVTT“ lauten (optional gefolgt von Leerzeichen und Text).',
  headerArrow:
    'Im Kopf der Datei darf „-->“ nicht stehen; vor dem ersten Untertitel fehlt eine Leerzeile.',
  timing:
    'Erwartet wird eine Zeitangabe wie „00:01.000 --> 00:04.000“ oder „01:02:03.500 --> 01:02:07.000“.',
  timestamp: (text: string) =>
    `„${text}“ ist keine gültige Zeitangabe (Minuten und Sekunden 00 bis 59, drei Stellen für Millisekunden).`,
  endBeforeStart: 'Das Ende des Untertitels muss nach seinem Anfang liegen.',
  outOfOrder: 'Ein Untertitel darf nicht vor dem vorigen beginnen.',
  setting: (text: string) => `Unbekannte oder ungültige Einstellung „${text}“.`,
  payloadArrow: 'Der Text eines Untertitels darf „-->“ nicht enthalten (fehlt eine Leerzeile?).',
  empty: 'Die Datei enthält keinen einzigen Untertitel.',
  chapterTitle: 'Jedes Kapitel braucht einen Titel unter seiner Zeitangabe.',
} as const;

const TIMESTAMP = /^(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})$/;

function parseTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) {
    return undefined;
  }
  const [, hours = '0', minutes = '', seconds = '', millis = ''] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59) {
    return undefined;
  }
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

const SETTINGS: Readonly<Record<string, RegExp>> = {
  vertical: /^(?:rl|lr)$/,
  line: /^(?:-?\d+(?:\.\d+)?%?|\d+(?:\.\d+)?%)(?:,(?:start|center|end))?$/,
  position: /^\d+(?:\.\d+)?%(?:,(?:line-left|center|line-right))?$/,
  size: /^\d+(?:\.\d+)?%$/,
  align: /^(?:start|center|end|left|right)$/,
  region: /^\S+$/,
};

function checkSettings(settings: string): string | undefined {
  for (const setting of settings.split(/[ \t]+/).filter(Boolean)) {
    const colon = setting.indexOf(':');
    const name = colon > 0 ? setting.slice(0, colon) : '';
    const pattern = SETTINGS[name];
    if (!pattern?.test(setting.slice(colon + 1))) {
      return setting;
    }
  }
  return undefined;
}

type TimingResult = { start: number; end: number } | { problem: string };

function parseTiming(line: string): TimingResult {
  const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(.*)$/.exec(line);
  if (!match) {
    return { problem: WEBVTT_PROBLEMS.timing };
  }
  const [, startText = '', endText = '', rest = ''] = match;
  const start = parseTimestamp(startText);
  if (start === undefined) {
    return { problem: WEBVTT_PROBLEMS.timestamp(startText) };
  }
  const end = parseTimestamp(endText);
  if (end === undefined) {
    return { problem: WEBVTT_PROBLEMS.timestamp(endText) };
  }
  if (rest !== '' && !/^[ \t]/.test(rest)) {
    return { problem: WEBVTT_PROBLEMS.timestamp(`${endText}${rest.split(/[ \t]/)[0] ?? ''}`) };
  }
  const badSetting = checkSettings(rest);
  if (badSetting !== undefined) {
    return { problem: WEBVTT_PROBLEMS.setting(badSetting) };
  }
  if (end <= start) {
    return { problem: WEBVTT_PROBLEMS.endBeforeStart };
  }
  return { start, end };
}

/**
 * Checks a WebVTT text (already decoded); `chapters` also asks for a title per cue. Answers
 * the cues, or the first problem with its line number (1-based).
 */
export function checkWebVtt(text: string, options: { chapters?: boolean } = {}): WebVttResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const fail = (index: number, problem: string): WebVttResult => ({
    ok: false,
    line: index + 1,
    problem,
  });
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    return fail(0, WEBVTT_PROBLEMS.signature);
  }
  let index = 1;
  // The header: lines up to the first blank line.
  while (index < lines.length && lines[index] !== '') {
    if (lines[index]?.includes('-->')) {
      return fail(index, WEBVTT_PROBLEMS.headerArrow);
    }
    index += 1;
  }
  const cues: WebVttCue[] = [];
  let previousStart = 0;
  while (index < lines.length) {
    if (lines[index] === '') {
      index += 1;
      continue;
    }
    const first = lines[index] ?? '';
    const blockStart = index;
    // NOTE, STYLE and REGION blocks: skipped to the next blank line.
    if (/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes('-->')) {
      while (index < lines.length && lines[index] !== '') {
        index += 1;
      }
      continue;
    }
    let timingIndex = blockStart;
    // A line like '00:00.000 -> 00:01.000' is a broken timing, not an identifier.
    const looksLikeTiming = /^[\d:.,]+[ \t]*-+>/.test(first);
    if (!first.includes('-->') && !looksLikeTiming) {
      // An identifier; the timing must follow on the next line.
      timingIndex = blockStart + 1;
      if (timingIndex >= lines.length || lines[timingIndex] === '') {
        return fail(blockStart, WEBVTT_PROBLEMS.timing);
      }
    }
    const timing = parseTiming(lines[timingIndex] ?? '');
    if ('problem' in timing) {
      return fail(timingIndex, timing.problem);
    }
    if (timing.start < previousStart) {
      return fail(timingIndex, WEBVTT_PROBLEMS.outOfOrder);
    }
    previousStart = timing.start;
    index = timingIndex + 1;
    const payload: string[] = [];
    while (index < lines.length && lines[index] !== '') {
      const line = lines[index] ?? '';
      if (line.includes('-->')) {
        return fail(index, WEBVTT_PROBLEMS.payloadArrow);
      }
      payload.push(line);
      index += 1;
    }
    const cueText = payload.join('\n');
    if (options.chapters && cueText.trim() === '') {
      return fail(timingIndex, WEBVTT_PROBLEMS.chapterTitle);
    }
    cues.push({ start: timing.start, end: timing.end, text: cueText });
  }
  if (cues.length === 0) {
    return fail(Math.max(0, lines.length - 1), WEBVTT_PROBLEMS.empty);
  }
  return { ok: true, cues };
}
