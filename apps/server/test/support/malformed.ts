/**
 * Building blocks of malformed requests for the fuzz test: values for URL segments and query
 * strings (already percent-encoded as they go on the wire), values for JSON bodies, whole
 * bodies and headers. Each list names a class of bad input a client may send.
 */

/** Path segments and query values, as written into the URL. */
export const URL_VALUES: readonly string[] = [
  // NUL and control characters
  '%00',
  'FWU-F2%00',
  'a%00b',
  '%01',
  '%1F',
  '%7F',
  '%0D%0ASet-Cookie:%20x=1',
  '%09',
  // invalid percent-encoding and invalid UTF-8
  '%',
  '%zz',
  'a%2',
  '%E0%A4%A',
  '%C0%80',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '%80',
  // a lone UTF-16 surrogate as UTF-8 (CESU), and one above U+10FFFF
  '%ED%A0%80',
  '%ED%B0%80x',
  '%F4%90%80%80',
  // very long values
  'a'.repeat(300),
  'x'.repeat(5_000),
  '%C3%A4'.repeat(150),
  'y'.repeat(20_000),
  // path traversal
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  '%2e%2e%2f%2e%2e%2f',
  '....%2F%2F',
  '%2Fetc%2Fpasswd',
  // numbers out of range and not numbers
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '1.5',
  '-0',
  // characters with a meaning somewhere
  '%27%20OR%201%3D1--',
  '%25',
  '_',
  '%5C',
  '%22',
  '%3Cscript%3E',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%EF%BB%BF',
  '%20',
  '',
  'null',
  '%7B%7D',
  '%5B%5D',
];

/** A raw token put into a JSON body as written (JSON.stringify cannot produce them). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Values of JSON body properties. */
export const JSON_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  'FWU-F2\u0000',
  '\u0001\u001f\u007f',
  '\ud800',
  'x\udc00',
  '\udfff\ud800',
  'x'.repeat(300),
  'x'.repeat(100_000),
  'ä'.repeat(60_000),
  '',
  ' ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%',
  '2024-13-45T99:99:99Z',
  '99999999999999999999',
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  1.5,
  -1,
  0,
  true,
  false,
  null,
  [],
  ['a', 1, null],
  ['\u0000'],
  {},
  { $gt: '' },
  [[[['x']]]],
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('"\\ud800"'),
  new RawJson('"\\u0000"'),
];

/** JSON.stringify with RawJson tokens written as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `\u0000raw${String(raws.length - 1)}\u0000`;
    }
    return item;
  });
  return text.replace(
    /"\\u0000raw(\d+)\\u0000"/g,
    (_match, index: string) => raws[Number(index)] ?? '',
  );
}

const nested = (open: string, close: string, depth: number) =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

/** Whole bodies that are not the JSON an API call expects. */
export const BODIES: readonly (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'null',
  '[]',
  '"text"',
  '0',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  nested('[', ']', 10_000),
  nested('{"a":', '}', 5_000).replace(/}$/, '1}'),
  `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
  '\ufeff{}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
  Buffer.from([0x00, 0x01, 0x02, 0x03]),
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
];

/** Content types that are wrong for a JSON API ('': none sent). */
export const CONTENT_TYPES: readonly string[] = [
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/vnd.api+json',
  'image/jpeg',
  '*/*',
];

/** Headers with values a client may get wrong. */
export const HEADERS: readonly Record<string, string>[] = [
  { range: 'bytes=99999999999999999999-' },
  { range: 'bytes=-0' },
  { range: 'bytes=5-1' },
  { range: 'bytes=0-0,1-1,2-2,3-3,4-4,5-5' },
  { range: 'bytes=abc' },
  { range: 'items=0-1' },
  { 'if-none-match': '"' },
  { 'if-none-match': '*' },
  { 'if-modified-since': 'gestern' },
  { 'if-modified-since': 'Tue, 99 Foo 99999 99:99:99 GMT' },
  { 'if-range': 'W/"x"' },
  { accept: 'x/y;q=abc' },
  { 'accept-encoding': 'gzip;q=NaN, br;q=-1, *;q=2' },
  { 'accept-language': 'x'.repeat(2_000) },
  { cookie: 'mk_session=%00' },
  { cookie: 'mk_session=%zz; mk_csrf=%00' },
  { cookie: `mk_session=${'a'.repeat(4_000)}` },
  { cookie: 'mk_session' },
  { cookie: '=;;=' },
  { authorization: 'Basic %%%' },
  { authorization: `Basic ${Buffer.from('a\u0000b:c\u0000').toString('base64')}` },
  { authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` },
  { authorization: `Basic ${Buffer.from(`${'x'.repeat(3_000)}:y`).toString('base64')}` },
  { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc0]).toString('base64')}` },
  { authorization: 'Bearer x' },
  { 'x-csrf-token': 'falsch' },
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br' },
  { 'content-encoding': 'compress' },
  { 'x-forwarded-for': '999.999.999.999' },
  { host: 'evil.invalid:99999' },
];
