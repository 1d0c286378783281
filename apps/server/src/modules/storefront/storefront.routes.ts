import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JSDOM } from 'jsdom';
import { SESSION_COOKIE } from '../auth/session.ts';
import { storefrontTemplate, type RenderedPage } from './storefront-template.ts';

/** What the web app's server entry (`apps/web/src/entry-server.tsx`, built) offers. */
interface StorefrontEntry {
  createStorefrontRenderer(options: {
    api: (path: string, init: RequestInit) => Promise<Response>;
    window: unknown;
    origin: string;
  }): {
    render(url: string): Promise<(RenderedPage & { status: number }) | { redirect: string }>;
  };
}

/** The pages a visitor opens first: rendered on the server, so their covers paint at once. */
export const STOREFRONT_PATHS = ['/', '/search', '/marketplace/:id'];

export interface StorefrontOptions {
  /** The built web app (`apps/web/dist`); the server entry is built beside it (`dist-ssr`). */
  webRoot: string;
}

/** Finds the boot script's file in the build's manifest. */
function bootScriptOf(webRoot: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const boot = manifest['src/boot.ts'];
  if (!boot) {
    throw new Error('The web build has no boot script (src/boot.ts)');
  }
  return `/${boot.file}`;
}

/** A fastify answer as a fetch Response (the API called in-process, as a visitor). */
function asResponse(answer: Awaited<ReturnType<FastifyInstance['inject']>>): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' || typeof value === 'number') {
      headers.set(name, String(value));
    }
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers,
  });
}

/**
 * Serves the storefront's first pages rendered on the server to visitors (no session cookie),
 * when the web app's server entry was built; everyone else, and every page whose render fails,
 * gets the app's own index.html.
 */
export async function registerStorefront(app: FastifyInstance, { webRoot }: StorefrontOptions) {
  const entryFile = path.join(webRoot, '../dist-ssr/entry-server.js');
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const renderer = existsSync(entryFile)
    ? ((await import(pathToFileURL(entryFile).href)) as StorefrontEntry).createStorefrontRenderer({
        api: async (apiPath, init) =>
          asResponse(
            await app.inject({
              method: 'GET',
              url: apiPath,
              headers: { accept: 'application/json' },
              ...(init.signal ? { signal: init.signal } : {}),
            }),
          ),
        window: new JSDOM('').window,
        origin: 'http://localhost',
      })
    : undefined;
  const page = renderer ? storefrontTemplate(indexHtml, bootScriptOf(webRoot)) : undefined;

  const appPage = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  const storefrontPage = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('Vary', 'Cookie');
    if (!renderer || !page || request.cookies[SESSION_COOKIE]) {
      return appPage(reply);
    }
    try {
      const rendered = await renderer.render(request.url);
      if ('redirect' in rendered) {
        return await reply.redirect(rendered.redirect);
      }
      return await reply
        .code(rendered.status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page(rendered));
    } catch (error) {
      request.log.error({ err: error }, 'Server render failed; the app renders the page');
      return appPage(reply);
    }
  };
  for (const url of STOREFRONT_PATHS) {
    app.get(url, { schema: { hide: true } }, storefrontPage);
  }
}
