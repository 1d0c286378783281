import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOCK, Method, PROPFIND, PROPPATCH } from 'nephele';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavMount } from './dav-mount.ts';
import { ORIGINAL_PARSE_XML } from './nephele-patches.ts';

type ParseXml = (this: unknown, xml: string) => Promise<unknown>;
const prototype = Method.prototype as unknown as Record<PropertyKey, unknown> & {
  parseXml: ParseXml;
};

describe("nephele's parseXml, patched", () => {
  let folder: string;
  let server: http.Server;
  let base: string;
  const errors: unknown[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mk-nephele-patch-'));
    await writeFile(path.join(folder, 'a.txt'), 'eins');
    // The real mount on a real server, as dav.routes.ts hands requests to it.
    const mount = createDavMount({
      maxFileSize: 1_000_000,
      uploadDir: folder,
      logError: (error) => errors.push(error),
    });
    server = http.createServer((request, response) => {
      mount.handle(request, response, '/dav/TEST', request.url ?? '/', {
        folder,
        username: 'tester',
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  const dav = (method: string, url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/xml; charset=utf-8', ...headers },
      body,
    });

  /** Counts the calls of the patched parseXml while `run` runs. */
  async function countingParseXml<T>(run: () => Promise<T>): Promise<{ calls: number; result: T }> {
    const patched = prototype.parseXml;
    let calls = 0;
    prototype.parseXml = function (this: unknown, xml: string) {
      calls += 1;
      return patched.call(this, xml);
    };
    try {
      return { result: await run(), calls };
    } finally {
      prototype.parseXml = patched;
    }
  }

  it('wraps the parseXml(xml) of nephele 1.0.0-alpha.67, which reads this.xmlParser', () => {
    expect(Object.hasOwn(Method.prototype, 'parseXml')).toBe(true);
    const original = prototype[ORIGINAL_PARSE_XML] as ParseXml | undefined;
    expect(typeof original).toBe('function');
    expect(original?.length).toBe(1);
    expect(prototype.parseXml).not.toBe(original);
    // The wrapper hands the original a parser of its own in place of this.xmlParser.
    expect(String(original)).toContain('await this.xmlParser.parseStringPromise(xml)');
    const method = new Method({} as never) as unknown as {
      xmlParser: { parseStringPromise: unknown };
    };
    expect(typeof method.xmlParser.parseStringPromise).toBe('function');
    // Its callers: the methods with XML request bodies.
    for (const caller of [PROPFIND, PROPPATCH, LOCK]) {
      const run = Object.getOwnPropertyDescriptor(caller.prototype, 'run')?.value as unknown;
      expect(String(run), caller.name).toContain('this.parseXml(');
    }
  });

  it('answers 400 to a PROPFIND with malformed XML through the real mount', async () => {
    const { result, calls } = await countingParseXml(() =>
      dav('PROPFIND', '/a.txt', '<?xml version="1.0"?><propfind xmlns="DAV:"><prop>', {
        depth: '0',
      }),
    );
    expect(result.status).toBe(400);
    expect(calls).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps same-named properties of different namespaces apart (PROPPATCH, then PROPFIND)', async () => {
    const { result: patched, calls } = await countingParseXml(() =>
      dav(
        'PROPPATCH',
        '/a.txt',
        `<?xml version="1.0" encoding="utf-8"?>
<propertyupdate xmlns="DAV:"><set><prop>
  <titel xmlns="urn:mk:eins">Erster</titel>
  <titel xmlns="urn:mk:zwei">Zweiter</titel>
</prop></set></propertyupdate>`,
      ),
    );
    expect(patched.status).toBe(207);
    expect(calls).toBe(1);
    const found = await dav(
      'PROPFIND',
      '/a.txt',
      `<?xml version="1.0" encoding="utf-8"?>
<propfind xmlns="DAV:"><prop>
  <titel xmlns="urn:mk:eins"/><titel xmlns="urn:mk:zwei"/>
</prop></propfind>`,
      { depth: '0' },
    );
    expect(found.status).toBe(207);
    const xml = await found.text();
    const valueOf = (uri: string) =>
      new RegExp(`<(\\w+:)?titel xmlns(:\\w+)?="${uri}">([^<]*)<`).exec(xml)?.[3];
    expect({ eins: valueOf('urn:mk:eins'), zwei: valueOf('urn:mk:zwei') }).toEqual({
      eins: 'Erster',
      zwei: 'Zweiter',
    });
  });
});
