/** What the server's render of a page puts into the app's index.html. */
export interface RenderedPage {
  title: string;
  /** Style elements (the page's critical CSS). */
  styles: string;
  /** The markup of `#root`. */
  html: string;
  /** The state the app takes over: a JSON data block for after `#root`. */
  stateBlock: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The page template of server-rendered pages, made once from the built index.html: the app's
 * script is replaced by the boot script (which loads it once the first covers have painted), so
 * that no script of the app is requested before them.
 */
export function storefrontTemplate(indexHtml: string, bootScript: string) {
  const app = APP_SCRIPT.exec(indexHtml)?.[1];
  if (!app || !indexHtml.includes('<div id="root"></div>')) {
    throw new Error('index.html: app script or #root not found');
  }
  const template = indexHtml
    .replace(MODULE_PRELOADS, '')
    .replace(
      APP_SCRIPT,
      `<script type="module" crossorigin src="${bootScript}" data-app="${app}"></script>`,
    );
  return (page: RenderedPage) =>
    template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.html}</div>${page.stateBlock}`,
      );
}
