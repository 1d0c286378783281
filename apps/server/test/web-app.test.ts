import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

describe('serving the web app', () => {
  let database: TestDatabase;
  let app: App;
  const webDist = mkdtempSync(path.join(tmpdir(), 'mk-web-'));
  const script = path.join(webDist, 'assets', 'vendor-def456.js');

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Medienkatalog</title>');
    writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js'),
      `const x = '${'a'.repeat(5000)}';`,
    );
    // A build file with the brotli and gzip copies the build writes.
    writeFileSync(script, `const y = '${'b'.repeat(5000)}';`);
    writeFileSync(`${script}.br`, brotliCompressSync(readFileSync(script)));
    writeFileSync(`${script}.gz`, gzipSync(readFileSync(script)));
    database = await createTestDatabase('pglite');
    app = await buildApp({ db: database.db, webDist });
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('hands out the files of the build', async () => {
    const response = await app.inject({ url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('compresses what it hands out and lets browsers keep the hashed build files', async () => {
    const asset = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('a'.repeat(5000));
    expect(asset.rawPayload.length).toBeLessThan(200);
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("hands out the build's own brotli and gzip copies when there are", async () => {
    const br = await app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(readFileSync(`${script}.br`));
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gzip = await app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('b'.repeat(5000));
  });

  it('answers every page of the app with index.html', async () => {
    const response = await app.inject({
      url: '/search?q=Vulkane',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Medienkatalog</title>');
  });

  it('answers missing files and API paths with a German 404, not with the app', async () => {
    for (const url of ['/assets/nope.js', '/api/v1/nope']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(
        'Die angeforderte Seite wurde nicht gefunden.',
      );
    }
  });
});
