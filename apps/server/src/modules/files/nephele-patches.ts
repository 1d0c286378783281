/** Our one change to nephele's internals (see the patch at the end); imported by dav-mount.ts. */
import { BadRequestError, Method } from 'nephele';

interface ParsedXmlNode {
  $ns?: { uri?: string; local?: string };
  [key: string]: unknown;
}

const isNode = (value: unknown): value is ParsedXmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * nephele reads the namespace of same-named sibling elements from the first one only, so
 * '<a xmlns="urn:x"/><a xmlns="urn:y"/>' became two properties of urn:x (litmus props'
 * 'propmanyns'). Giving each further namespace its own key (with a prefix of its own, as if
 * the client had written one) keeps them apart.
 */
function separateNamespaces(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(separateNamespaces);
  }
  if (!isNode(node)) {
    return node;
  }
  const output: Record<string, unknown> = {};
  let extra = 0;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$' || key === '$ns' || key === '_' || !Array.isArray(value)) {
      output[key] = separateNamespaces(value);
      continue;
    }
    const groups = new Map<string, unknown[]>();
    for (const element of value) {
      const uri = isNode(element) ? (element.$ns?.uri ?? '') : '';
      groups.set(uri, [...(groups.get(uri) ?? []), separateNamespaces(element)]);
    }
    let first = true;
    for (const elements of groups.values()) {
      const local = key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
      output[first ? key : `mkns${String((extra += 1))}:${local}`] = elements;
      first = false;
    }
  }
  return output;
}

/** Where the patched prototype keeps nephele's own parseXml (tests check it is still there). */
export const ORIGINAL_PARSE_XML = Symbol.for('medienkatalog.nephele.parseXml');

interface XmlParser {
  parseStringPromise(xml: string): Promise<unknown>;
}
type MethodWithXml = { xmlParser: XmlParser } & Record<PropertyKey, unknown>;
type ParseXml = (this: MethodWithXml, xml: string) => Promise<unknown>;
const methodPrototype = Method.prototype as unknown as Record<PropertyKey, unknown> & {
  parseXml: ParseXml;
};

/**
 * Fixes of nephele's XML reading, in one wrapper around its `Method.prototype.parseXml(xml)`
 * (whose only callers, PROPFIND, PROPPATCH and LOCK, parse request bodies, and which reads
 * `this.xmlParser.parseStringPromise`): malformed XML is the client's error (400), not a 500;
 * and same-named properties of different namespaces stay apart. Written for nephele
 * 1.0.0-alpha.67 (pinned); nephele-patches.test.ts fails when these internals change.
 */
if (!methodPrototype[ORIGINAL_PARSE_XML]) {
  const parseXml = methodPrototype.parseXml as ParseXml | undefined;
  if (typeof parseXml !== 'function' || parseXml.length !== 1) {
    throw new Error('nephele changed: Method.prototype.parseXml(xml) is gone (nephele-patches.ts)');
  }
  methodPrototype.parseXml = async function (this: MethodWithXml, xml: string) {
    const parser = this.xmlParser;
    const separating: XmlParser = {
      parseStringPromise: async (text) => separateNamespaces(await parser.parseStringPromise(text)),
    };
    const method = Object.create(this, { xmlParser: { value: separating } }) as MethodWithXml;
    try {
      return await parseXml.call(method, xml);
    } catch {
      throw new BadRequestError('The request body is not well-formed XML.');
    }
  };
  methodPrototype[ORIGINAL_PARSE_XML] = parseXml;
}
